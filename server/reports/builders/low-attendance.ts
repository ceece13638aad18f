import { formatDateTime, registrationNumber } from '../../../resources/format';
import { dynamic } from '../../db/connection';
import { frequencyText } from '../../lessons/standing';
import { formatPhone } from '../../../resources/text';
import { loadSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { lowAttendance, teamsOf } from '../low-attendance';
import { reportSheet, streamingWorkbook } from '../xlsx';

/** The columns only a role that may see personal data gets (`students.personal`). */
const CONTACTS = [
  { header: 'RESPONSÁVEL (MÃE)', width: 32 },
  { header: 'TELEFONE', width: 16 },
  { header: 'E-MAIL', width: 30 },
];

/**
 * "Alunos com baixa frequência": every active student under the chosen frequency in a discipline of a team
 * (or of every team the person reaches), with the family's contacts where the person may see them.
 */
export const lowAttendanceReport: ReportBuilder = async ({ db, now }, params, out) => {
  const threshold = Number(params.frequency);
  const reach = Array.isArray(params._teams) ? params._teams : undefined;
  const teamIds = await teamsOf(db, params.team_id === undefined ? undefined : Number(params.team_id), reach);
  const personal = params._personal === 1;
  const [rows, settings] = await Promise.all([lowAttendance(db, teamIds, threshold), loadSettings(db)]);
  const contacts = new Map<number, { name_mother: unknown; phone: unknown; email: unknown }>();
  const ids = [...new Set(rows.map((r) => r.student.id))];
  for (let i = 0; personal && i < ids.length; i += 500) {
    const found = await dynamic(db)
      .selectFrom('students')
      .select(['id', 'name_mother', 'phone', 'email'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const s of found) contacts.set(Number(s.id), s);
  }
  const teamName =
    params.team_id === undefined
      ? 'todas'
      : String(
          (await dynamic(db).selectFrom('teams').select('name').where('id', '=', teamIds[0]).executeTakeFirst())?.name,
        );
  const lines = [
    `Turma: ${teamName}`,
    `Frequência abaixo de: ${threshold}%    Frequência mínima da escola: ${settings.minimum_attendance}%`,
    `Faltas justificadas ${settings.justified_absences_count ? 'contam' : 'não contam'} na frequência`,
    `Gerado em: ${formatDateTime(now)}`,
  ];
  const columns = [
    { header: 'TURMA', width: 24 },
    { header: 'DISCIPLINA', width: 22 },
    { header: 'MATRÍCULA', width: 11 },
    { header: 'ALUNO', width: 36 },
    { header: 'AULAS DADAS', width: 12 },
    { header: 'FALTAS', width: 9 },
    { header: 'JUSTIFICADAS', width: 13 },
    { header: 'FREQUÊNCIA', width: 12 },
    ...(personal ? CONTACTS : []),
  ];
  const workbook = streamingWorkbook(out);
  const title = { title: 'ALUNOS COM BAIXA FREQUÊNCIA', lines };
  const sheet = await reportSheet(db, workbook, 'Baixa frequência', title, columns, 'landscape');
  for (const r of rows) {
    const c = contacts.get(r.student.id);
    const text = (v: unknown) => (v == null ? '' : String(v));
    const row = sheet.addRow([
      r.team,
      r.discipline,
      registrationNumber(r.registration_id),
      r.student.name.toLocaleUpperCase('pt-BR'),
      r.periods,
      r.absences,
      r.justified,
      frequencyText(r.frequency),
      ...(personal ? [text(c?.name_mother), formatPhone(text(c?.phone)), text(c?.email)] : []),
    ]);
    row.commit();
  }
  if (rows.length === 0) sheet.addRow(['Nenhum aluno abaixo dessa frequência.']).commit();
  sheet.commit();
  await workbook.commit();
};
