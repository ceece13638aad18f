import type { Outcome, StudentMove } from '../../../resources/next-year';
import { dynamic, type Db } from '../../db/connection';
import { validationError, type FieldErrors } from '../../http/errors';
import { teamResults } from '../../results/team-results';
import type { SchoolYear } from '../school-year-of';
import type { RolloverTeam } from './input';

/** Lets the event loop turn between teams (and between slices of the run's writes): see run.ts. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A move as planned: the target keeps its plan (the run applies it; the answer leaves it out). */
export type PlannedMove = Omit<StudentMove, 'to_team'> & {
  to_team: { id: number; name: string; payment_plan_id: number | null } | null;
};

/** The statuses of a student who left the school: they go nowhere (Transferido and Falecido come with transfers). */
const LEFT = new Set(['Inativo', 'Evadido', 'Concluído', 'Transferido', 'Falecido']);

type TeamRow = { id: number; name: string; year_id: number; closed: boolean; final: boolean; plan: number | null };

async function teamsById(db: Db, ids: number[]): Promise<Map<number, TeamRow>> {
  if (!ids.length) return new Map();
  const rows = await dynamic(db)
    .selectFrom('teams as t')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .select(['t.id', 't.name', 't.school_year_id', 't.closed_at', 't.payment_plan_id', 'g.next_grid_id'])
    .where('t.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: String(r.name),
        year_id: Number(r.school_year_id),
        closed: r.closed_at != null,
        final: r.next_grid_id == null,
        plan: r.payment_plan_id == null ? null : Number(r.payment_plan_id),
      },
    ]),
  );
}

/** The teams of the body against the years: each origin of year `from` and closed, each target of year `to`. */
async function checkTeams(db: Db, from: SchoolYear, to: SchoolYear, lines: RolloverTeam[]) {
  const teams = await teamsById(
    db,
    lines.flatMap((l) => [l.from_team_id, l.promoted_team_id ?? 0, l.retained_team_id ?? 0]).filter(Boolean),
  );
  const errors: FieldErrors = {};
  lines.forEach((l, i) => {
    const origin = teams.get(l.from_team_id);
    const at = (field: string, message: string) => (errors[`teams.${i}.${field}`] ??= []).push(message);
    if (!origin || origin.year_id !== from.id)
      at('from_team_id', `A turma de origem não é do ano letivo ${from.year}.`);
    else if (!origin.closed)
      at('from_team_id', `A turma ${origin.name} não está encerrada: encerre o resultado final antes.`);
    for (const field of ['promoted_team_id', 'retained_team_id'] as const) {
      const id = l[field];
      if (id === null) continue;
      const target = teams.get(id);
      if (!target || target.year_id !== to.id) at(field, `A turma de destino não é do ano letivo ${to.year}.`);
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return teams;
}

/** The students of the target year's teams: whoever is there already is not enrolled again. */
async function enrolledIn(db: Db, yearId: number, studentIds: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  const ids = [...new Set(studentIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await dynamic(db)
      .selectFrom('registrations as r')
      .innerJoin('teams as t', 't.id', 'r.team_id')
      .select('r.student_id')
      .where('t.school_year_id', '=', yearId)
      .where('r.student_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(Number(r.student_id));
  }
  return found;
}

/**
 * What the rollover does with each student of the listed teams, by the team's closed results: a leaver (the
 * enrolment has an exit day, or the student's status says they left) goes nowhere; a failed overall verdict
 * (REPROVADO, or by attendance) stays in the series (`retained_team_id`); a promoted one moves on
 * (`promoted_team_id`, dependências carried as they are), or finishes in a final series (a grid without
 * "Grade seguinte"). A verdict still open in a closed team (a grade never entered) is not a promotion: retained.
 */
export async function planRollover(
  db: Db,
  from: SchoolYear,
  to: SchoolYear,
  lines: RolloverTeam[],
): Promise<PlannedMove[]> {
  const teams = await checkTeams(db, from, to, lines);
  const moves: PlannedMove[] = [];
  for (const l of lines) {
    await breathe();
    const origin = teams.get(l.from_team_id)!;
    const target = (id: number | null) => {
      const t = id === null ? undefined : teams.get(id);
      return t ? { id: t.id, name: t.name, payment_plan_id: t.plan } : null;
    };
    const [results, enrolments] = await Promise.all([
      teamResults(db, origin.id),
      dynamic(db)
        .selectFrom('registrations as r')
        .innerJoin('students as s', 's.id', 'r.student_id')
        .select(['r.id', 'r.left_on', 's.status'])
        .where('r.team_id', '=', origin.id)
        .execute(),
    ]);
    const left = new Map(enrolments.map((r) => [Number(r.id), r.left_on != null || LEFT.has(String(r.status))]));
    for (const r of results.data) {
      const outcome: Outcome = left.get(r.registration_id)
        ? 'saiu'
        : r.verdict === 'APROVADO'
          ? origin.final
            ? 'concluinte'
            : 'promovido'
          : 'retido';
      const to_team =
        outcome === 'promovido' ? target(l.promoted_team_id) : outcome === 'retido' ? target(l.retained_team_id) : null;
      moves.push({
        registration_id: r.registration_id,
        student: r.student,
        from_team: { id: origin.id, name: origin.name },
        outcome,
        to_team,
        already_enrolled: false,
      });
    }
  }
  const there = await enrolledIn(
    db,
    to.id,
    moves.map((m) => m.student.id),
  );
  for (const m of moves) m.already_enrolled = there.has(m.student.id);
  return moves;
}
