import { once } from 'node:events';
import { schoolDayOf } from '../../../resources/format';
import { CPF_MASK } from '../../../resources/students';
import { applyMask } from '../../../resources/text';
import { dynamic } from '../../db/connection';
import { totalsOf } from '../../lessons/frequency';
import { absencesOf, enrolments, teamLessons } from '../../lessons/queries';
import { loadSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { csvLine, CSV_BOM } from '../general-csv';
import { teamsOf } from '../low-attendance';

/** The month before the one of `now` in the school's calendar (São Paulo), `yyyy-mm`. */
export function lastMonth(now: Date): string {
  const [year, month] = schoolDayOf(now).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** "87,5": the decimal comma of Brazilian spreadsheets and of the Sistema Presença. */
const decimal = (n: number | null) => (n === null ? '' : n.toFixed(1).replace('.', ','));

/**
 * Bolsa Família's attendance (Sistema Presença): for one month, each active student's enrolment with the
 * periods given that month since the enrolment across every discipline, the absences the school counts
 * (justified ones as its setting says) and the frequency, as CSV (`;`, UTF-8 with BOM). The student record
 * has no NIS, so there is no NIS column; the CPF only for roles that see personal data.
 */
export const bolsaFamilia: ReportBuilder = async ({ db, now }, params, out) => {
  const month = typeof params.month === 'string' ? params.month : lastMonth(now);
  const reach = Array.isArray(params._teams) ? params._teams : undefined;
  const teamIds = await teamsOf(db, params.team_id === undefined ? undefined : Number(params.team_id), reach);
  const personal = params._personal === 1;
  // Lesson dates are school days as text: the month is their first seven characters, never shifted by a zone.
  const [lessons, roll, settings] = await Promise.all([
    teamLessons(db, teamIds, {}).then((all) => all.filter((l) => l.date.slice(0, 7) === month)),
    enrolments(db, { teamIds }),
    loadSettings(db),
  ]);
  const absences = await absencesOf(
    db,
    lessons.map((l) => l.id),
  );
  const k = dynamic(db);
  const active = roll.filter((e) => (e.student.status ?? 'Ativo') === 'Ativo');
  const teams = new Map<number, string>();
  const cpfs = new Map<number, string>();
  for (let i = 0; i < active.length; i += 500) {
    const slice = active.slice(i, i + 500);
    const [teamRows, studentRows] = await Promise.all([
      k
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(slice.map((e) => e.team_id))])
        .execute(),
      personal
        ? k
            .selectFrom('students')
            .select(['id', 'cpf'])
            .where(
              'id',
              'in',
              slice.map((e) => e.student.id),
            )
            .execute()
        : Promise.resolve([]),
    ]);
    for (const t of teamRows) teams.set(Number(t.id), String(t.name));
    for (const s of studentRows) if (s.cpf) cpfs.set(Number(s.id), applyMask(String(s.cpf), CPF_MASK));
  }
  const byTeam = new Map<number, typeof lessons>();
  for (const l of lessons) byTeam.set(l.team_id, [...(byTeam.get(l.team_id) ?? []), l]);
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  active.sort(
    (a, b) =>
      collator.compare(teams.get(a.team_id) ?? '', teams.get(b.team_id) ?? '') ||
      collator.compare(a.student.name, b.student.name) ||
      a.registration_id - b.registration_id,
  );
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const header = ['Matrícula', 'Aluno', ...(personal ? ['CPF'] : []), 'Turma', 'Mês'];
  await write(
    CSV_BOM + csvLine([...header, 'Aulas dadas (períodos)', 'Faltas', 'Faltas justificadas', 'Frequência (%)']),
  );
  const reference = `${month.slice(5, 7)}/${month.slice(0, 4)}`;
  for (const e of active) {
    const t = totalsOf(
      byTeam.get(e.team_id) ?? [],
      absences.get(e.registration_id) ?? [],
      e,
      settings.justified_absences_count,
    );
    const counted = settings.justified_absences_count ? t.absences : t.absences - t.justified;
    await write(
      csvLine([
        e.number,
        e.student.name,
        ...(personal ? [cpfs.get(e.student.id) ?? ''] : []),
        teams.get(e.team_id) ?? '',
        reference,
        t.periods,
        counted,
        t.justified,
        decimal(t.frequency),
      ]),
    );
  }
};
