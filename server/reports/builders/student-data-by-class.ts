import { registrationNumber, schoolDayOf } from '../../../resources/format';
import { CEP_MASK, CPF_MASK } from '../../../resources/students';
import { applyMask, formatPhone } from '../../../resources/text';
import type { ReportBuilder } from '../builder';
import { studentsOfTeam, teamHeaderLines, teamOrFail } from '../queries';
import { dateCell, DATE_FORMAT, reportSheet, streamingWorkbook } from '../xlsx';

const GENDERS: Record<string, string> = { F: 'Feminino', M: 'Masculino' };
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const masked = (v: unknown, mask: string) => (v ? applyMask(String(v), mask) : '');

/** Each column: its header, width, and the cell of a student (date cells carry DATE_FORMAT). */
const COLUMNS: {
  header: string;
  width: number;
  date?: true;
  value: (s: Record<string, unknown>, enrolledOn: string) => unknown;
}[] = [
  { header: 'NOME', width: 38, value: (s) => text(s.name).toLocaleUpperCase('pt-BR') },
  { header: 'SEXO', width: 11, value: (s) => GENDERS[text(s.gender)] ?? '' },
  { header: 'DATA DE NASCIMENTO', width: 14, date: true, value: (s) => dateCell(text(s.birth_date)) },
  { header: 'CPF', width: 16, value: (s) => masked(s.cpf, CPF_MASK) },
  { header: 'RG', width: 14, value: (s) => text(s.rg) },
  { header: 'ÓRGÃO EXPEDIDOR', width: 12, value: (s) => text(s.expedient_body) },
  { header: 'NACIONALIDADE', width: 14, value: (s) => text(s.nationality) },
  { header: 'NATURALIDADE', width: 18, value: (s) => text(s.naturalness) },
  { header: 'NOME DA MÃE', width: 34, value: (s) => text(s.name_mother).toLocaleUpperCase('pt-BR') },
  { header: 'E-MAIL', width: 28, value: (s) => text(s.email) },
  { header: 'CONTATO', width: 16, value: (s) => (s.phone ? formatPhone(String(s.phone)) : '') },
  { header: 'CEP', width: 10, value: (s) => masked(s.cep, CEP_MASK) },
  { header: 'LOGRADOURO', width: 30, value: (s) => text(s.street) },
  { header: 'NÚMERO', width: 8, value: (s) => text(s.number) },
  { header: 'BAIRRO', width: 18, value: (s) => text(s.neighborhood) },
  { header: 'CIDADE', width: 18, value: (s) => text(s.city) },
  { header: 'UF', width: 5, value: (s) => text(s.uf) },
  { header: 'STATUS', width: 11, value: (s) => text(s.status) },
  { header: 'DATA DA MATRÍCULA', width: 14, date: true, value: (_, enrolledOn) => dateCell(enrolledOn) },
];

/** One row per student of the team with every personal field: CPF and CEP masked, dates as date cells. */
export const studentDataByClass: ReportBuilder = async ({ db }, params, out) => {
  const team = await teamOrFail(db, Number(params.team));
  const students = await studentsOfTeam(db, team.id);
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(
    db,
    workbook,
    'Alunos',
    { title: 'DADOS COMPLETOS DOS ALUNOS POR TURMA', lines: teamHeaderLines(team) },
    [
      { header: 'Nº', width: 5 },
      { header: 'MATRÍCULA', width: 11 },
      ...COLUMNS.map((c) => ({ header: c.header, width: c.width, numFmt: c.date ? DATE_FORMAT : undefined })),
    ],
    'landscape',
  );
  students.forEach((s, i) => {
    const row = sheet.addRow([
      i + 1,
      registrationNumber(s.registration_id),
      ...COLUMNS.map((c) => c.value(s.student, schoolDayOf(s.enrolled_at))),
    ]);
    row.commit();
  });
  sheet.commit();
  await workbook.commit();
};
