import type { Verdict } from '../../resources/standing';
import { dynamic, type Db } from '../db/connection';
import { teamResults } from '../results/team-results';
import { activeOn, enrolmentsOf, schoolAndTeams, staffOf, studentOf } from './data';
import { approvalIn, SITUATION } from './layouts/2026';
import type { ManagerSituationRow, SituationRow } from './rows';
import { referenceDate } from './text';

/** A movement (server/school-year/movements) as the layout's situation. */
const BY_MOVEMENT: Record<string, string> = {
  transferencia: SITUATION.transferido,
  abandono: SITUATION.deixou_de_frequentar,
  falecimento: SITUATION.falecido,
  conclusao: SITUATION.concluinte,
};

/**
 * The year's overall verdict (resources/standing.ts, through the team's results) as the layout's situation; an
 * approval depends on the team's etapa (concluinte in a course's last one).
 */
export function situationOfVerdict(verdict: Verdict, stage: string | null = null): string {
  if (verdict.startsWith('APROVADO')) return approvalIn(stage);
  if (verdict.startsWith('REPROVADO')) return SITUATION.reprovado;
  return SITUATION.em_andamento;
}

/**
 * Stage 2 ("situação do aluno"): each enrolment of the year active on the reference date (record 90), and each one
 * admitted after it (record 91), with its situation: its movement when it left (transfer, abandonment, death,
 * completion), else the verdict of the team's results, else "em andamento". Enrolments gone before the reference
 * date were never in the census.
 */
export async function situationData(
  db: Db,
  year: number,
): Promise<{ manager: ManagerSituationRow; enrolments: SituationRow[] }> {
  const reference = referenceDate(year);
  const { school, teams } = await schoolAndTeams(db, year);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const all = await enrolmentsOf(db, teams);
  const ids = all.map((e) => Number(e.row.id));
  const movements = ids.length
    ? await dynamic(db)
        .selectFrom('registration_movements')
        .select(['registration_id', 'kind'])
        .where('registration_id', 'in', ids)
        .execute()
    : [];
  const movementOf = new Map(movements.map((m) => [Number(m.registration_id), String(m.kind)]));
  const verdicts = new Map<number, Verdict>();
  for (const team of teams) {
    if (!all.some((e) => Number(e.row.team_id) === team.id)) continue;
    // A team without a grid has no results to judge: its enrolments stay "em andamento".
    const results = await teamResults(db, team.id).catch(() => undefined);
    for (const s of results?.data ?? []) verdicts.set(s.registration_id, s.verdict);
  }
  const enrolments: SituationRow[] = [];
  for (const { row, student } of all) {
    const admittedAfter = String(row.enrolled_on ?? '') > reference;
    if (!admittedAfter && !activeOn(row, reference)) continue;
    const id = Number(row.id);
    const moved = movementOf.get(id);
    const team = teamById.get(Number(row.team_id))!;
    enrolments.push({
      id,
      student: studentOf(student, school),
      team,
      public_transport: null,
      transport_kinds: [],
      situation: moved
        ? (BY_MOVEMENT[moved] ?? SITUATION.em_andamento)
        : situationOfVerdict(verdicts.get(id) ?? '', team.census_stage),
      inep_code: row.inep_code === null || row.inep_code === undefined ? null : String(row.inep_code),
      admitted_after: admittedAfter,
    });
  }
  // The school's director answers (cargo 1), else its first manager.
  const managers = (await dynamic(db)
    .selectFrom('users')
    .selectAll()
    .where('manager_position', 'is not', null)
    .where('manager_position', '!=', '')
    .orderBy('manager_position')
    .orderBy('id')
    .execute()) as Record<string, unknown>[];
  const first = managers[0];
  return {
    manager: {
      school,
      manager: first ? { person: staffOf(first, school), manager_position: String(first.manager_position) } : null,
    },
    enrolments,
  };
}
