import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { inTeams } from './reach';

/** One team's line of the movement report: who came in, who left and how, and who remains at the period's end. */
export interface MovementLine {
  team: string;
  entries: number;
  /** Of the entries, those whose enrolment records a school of origin (arrived by transfer). */
  arrived: number;
  transferencia: number;
  abandono: number;
  falecimento: number;
  conclusao: number;
  /** Enrolments ended in the period without a recorded movement (a status change, an exit day typed). */
  other: number;
  /** Enrolled on the period's last day. */
  atEnd: number;
}

const count = sql<number>`count(*)`;

/**
 * The numbers of the movement report (issue 38), per team, over `[start, end]` (both counted): entries by enrolment
 * day, exits by the movement's day (kind), the other exits by `left_on`, and the enrolments standing at `end`. Every
 * team of `teamIds` has its line, zeros included, by name; a few grouped queries, never a row per student.
 */
export async function movementLines(db: Db, teamIds: number[], start: string, end: string): Promise<MovementLine[]> {
  const k = dynamic(db);
  if (teamIds.length === 0) return [];
  const teams = await k
    .selectFrom('teams')
    .select(['id', 'name'])
    .where(inTeams(sql.ref('id'), teamIds))
    .orderBy(byName(db, 'name'))
    .orderBy('id')
    .execute();
  const [entries, moves, left, atEnd] = await Promise.all([
    k
      .selectFrom('registrations')
      .select([
        'team_id',
        count.as('n'),
        sql<number>`sum(case when origin_school is null then 0 else 1 end)`.as('arrived'),
      ])
      .where(inTeams(sql.ref('team_id'), teamIds))
      .where('enrolled_on', '>=', start)
      .where('enrolled_on', '<=', end)
      .groupBy('team_id')
      .execute(),
    k
      .selectFrom('registration_movements as m')
      .innerJoin('registrations as r', 'r.id', 'm.registration_id')
      .select(['r.team_id', 'm.kind', count.as('n')])
      .where(inTeams(sql.ref('r.team_id'), teamIds))
      .where('m.date', '>=', start)
      .where('m.date', '<=', end)
      .groupBy(['r.team_id', 'm.kind'])
      .execute(),
    k
      .selectFrom('registrations')
      .select(['team_id', count.as('n')])
      .where(inTeams(sql.ref('team_id'), teamIds))
      .where('left_on', '>=', start)
      .where('left_on', '<=', end)
      .groupBy('team_id')
      .execute(),
    k
      .selectFrom('registrations')
      .select(['team_id', count.as('n')])
      .where(inTeams(sql.ref('team_id'), teamIds))
      .where('enrolled_on', '<=', end)
      .where((eb) => eb.or([eb('left_on', 'is', null), eb('left_on', '>', end)]))
      .groupBy('team_id')
      .execute(),
  ]);
  const byTeam = <T extends { team_id: unknown }>(rows: T[]) => new Map(rows.map((r) => [Number(r.team_id), r]));
  const entryOf = byTeam(entries);
  const leftOf = byTeam(left);
  const endOf = byTeam(atEnd);
  return teams.map((t) => {
    const id = Number(t.id);
    const kinds = { transferencia: 0, abandono: 0, falecimento: 0, conclusao: 0 };
    for (const m of moves)
      if (Number(m.team_id) === id && String(m.kind) in kinds)
        kinds[String(m.kind) as keyof typeof kinds] = Number(m.n);
    const recorded = Object.values(kinds).reduce((a, b) => a + b, 0);
    return {
      team: String(t.name),
      entries: Number(entryOf.get(id)?.n ?? 0),
      arrived: Number(entryOf.get(id)?.arrived ?? 0),
      ...kinds,
      other: Math.max(0, Number(leftOf.get(id)?.n ?? 0) - recorded),
      atEnd: Number(endOf.get(id)?.n ?? 0),
    };
  });
}

/** One student's entry or exit in the period, as the report's list shows it under the numbers. */
export interface MovementStudent {
  team: string;
  date: string;
  student: string;
  registration_id: number;
  /** "Entrada", "Transferência", "Abandono"… */
  movement: string;
  /** Where from or where to, or the note. */
  detail: string;
}

/**
 * The students behind the numbers: every enrolment that began or ended in the period (an enrolment that did both gives
 * two lines), by team, day and name. Names only: no personal field.
 */
export async function movementStudents(
  db: Db,
  teamIds: number[],
  start: string,
  end: string,
  labels: Record<string, string>,
): Promise<MovementStudent[]> {
  if (teamIds.length === 0) return [];
  const rows = await dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .leftJoin('registration_movements as m', 'm.registration_id', 'r.id')
    .select([
      'r.id',
      'r.enrolled_on',
      'r.left_on',
      'r.origin_school',
      't.name as team',
      's.name as student',
      'm.kind',
      'm.destination_school',
      'm.note',
    ])
    .where(inTeams(sql.ref('r.team_id'), teamIds))
    .where((eb) =>
      eb.or([
        eb.and([eb('r.enrolled_on', '>=', start), eb('r.enrolled_on', '<=', end)]),
        eb.and([eb('r.left_on', '>=', start), eb('r.left_on', '<=', end)]),
      ]),
    )
    .execute();
  const lines: MovementStudent[] = [];
  for (const r of rows) {
    const base = { team: String(r.team), student: String(r.student), registration_id: Number(r.id) };
    const enrolled = String(r.enrolled_on);
    if (enrolled >= start && enrolled <= end)
      lines.push({
        ...base,
        date: enrolled,
        movement: 'Entrada',
        detail: r.origin_school ? `Veio de ${r.origin_school}` : '',
      });
    const left = r.left_on ? String(r.left_on) : null;
    if (left && left >= start && left <= end)
      lines.push({
        ...base,
        date: left,
        movement: r.kind ? (labels[String(r.kind)] ?? String(r.kind)) : 'Saída',
        detail: r.destination_school ? `Para ${r.destination_school}` : r.note ? String(r.note) : '',
      });
  }
  const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
  return lines.sort(
    (a, b) =>
      collator.compare(a.team, b.team) || a.date.localeCompare(b.date) || collator.compare(a.student, b.student),
  );
}
