import { sql } from 'kysely';
import { contractUrl } from '../contracts/routes';
import { groupBy, inChunks } from '../db/chunks';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { notFound } from '../http/errors';
import { embeddedUser } from '../users/embedded';
import { registrationNumber } from '../../resources/format';

export interface RegistrationRow {
  id: number;
  number: string;
  created_at: string;
  /** The day the student counts in the team from (issue 37), `AAAA-MM-DD`. */
  enrolled_on: string;
  /** The last day they count in it; null while they study there. */
  left_on: string | null;
  /** The school the student came from (issue 38), when the office recorded it. */
  origin_school: string | null;
  origin_city: string | null;
  origin_uf: string | null;
  /** How the enrolment ended (issue 38): the movement and the papers issued with a transfer; null while it runs. */
  movement: {
    kind: string;
    date: string;
    destination_school: string | null;
    declaration_url: string | null;
    history_url: string | null;
  } | null;
  student: { id: number; name: string };
  team: { id: number; name: string };
  user: { name: string };
  /** Null: 'CONTRATO AUSENTE'. */
  file_url_contract: string | null;
  contract_updated_at: string | null;
}

/**
 * The registrations of some students or some teams, in one query (a list page embeds them per row,
 * a record answers them whole): the contract's shape, `{id, team, student}`, plus number and contract.
 */
export async function registrationsWhere(
  db: Db,
  by: 'student_id' | 'team_id' | 'id',
  ids: number[],
): Promise<RegistrationRow[]> {
  const rows = await inChunks(ids, (slice) =>
    dynamic(db)
      .selectFrom('registrations as r')
      .innerJoin('teams as t', 't.id', 'r.team_id')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('registration_movements as m', 'm.registration_id', 'r.id')
      .leftJoin('documents as md', 'md.id', 'm.declaration_id')
      .leftJoin('documents as mh', 'mh.id', 'm.history_id')
      .select([
        'm.kind as movement_kind',
        'm.date as movement_date',
        'm.destination_school',
        'md.folder as declaration_folder',
        'md.file_name as declaration_file',
        'mh.folder as history_folder',
        'mh.file_name as history_file',
        'r.id',
        'r.created_at',
        'r.enrolled_on',
        'r.left_on',
        'r.origin_school',
        'r.origin_city',
        'r.origin_uf',
        'r.contract_key',
        'r.contract_updated_at',
        's.id as student_id',
        's.name as student_name',
        't.id as team_id',
        't.name as team_name',
        'u.name as user_name',
      ])
      .where(`r.${by}`, 'in', slice)
      .orderBy(by === 'team_id' ? byName(db, 's.name') : sql.ref('r.id'))
      .orderBy('r.id')
      .execute(),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    number: registrationNumber(r.id),
    created_at: r.created_at,
    enrolled_on: String(r.enrolled_on),
    left_on: r.left_on ?? null,
    origin_school: r.origin_school ?? null,
    origin_city: r.origin_city ?? null,
    origin_uf: r.origin_uf ?? null,
    movement: r.movement_kind
      ? {
          kind: String(r.movement_kind),
          date: String(r.movement_date),
          destination_school: r.destination_school ?? null,
          declaration_url: r.declaration_file
            ? `/api/documents/storage/${r.declaration_folder}/${r.declaration_file}`
            : null,
          history_url: r.history_file ? `/api/documents/storage/${r.history_folder}/${r.history_file}` : null,
        }
      : null,
    student: { id: Number(r.student_id), name: r.student_name },
    team: { id: Number(r.team_id), name: r.team_name },
    user: embeddedUser(r.user_name),
    file_url_contract: r.contract_key ? contractUrl(Number(r.student_id), Number(r.team_id)) : null,
    contract_updated_at: r.contract_updated_at ?? null,
  }));
}

export const registrationsOf = (db: Db, studentId: number) => registrationsWhere(db, 'student_id', [studentId]);

/** One enrolment as the lists embed it, or 404. */
export async function registrationById(db: Db, id: number): Promise<RegistrationRow> {
  const row = (await registrationsWhere(db, 'id', [id]))[0];
  if (!row) throw notFound('Matrícula não encontrada.');
  return row;
}

/**
 * Rows of a list page, each given its `registrations` (owned by `by`), with one query for the page. A
 * student's row also gets its `teams` (the config's `many` field) from the same rows, in team order, as
 * the generic query would answer them: one query fewer per page (ResourceHooks.embeds).
 */
export async function withRegistrations<T extends Record<string, unknown>>(
  db: Db,
  by: 'student_id' | 'team_id',
  rows: T[],
): Promise<T[]> {
  const found = await registrationsWhere(
    db,
    by,
    rows.map((r) => Number(r.id)),
  );
  const byOwner = groupBy(found, (r) => (by === 'student_id' ? r.student.id : r.team.id));
  // The rows are the page's own, just read: given their lists in place (copying a student's 25 fields into a
  // new object per row was 3 % of a searched list's CPU).
  return rows.map((row) => {
    const registrations = byOwner.get(Number(row.id)) ?? [];
    return Object.assign(
      row,
      by === 'student_id' ? { registrations, teams: teamsOf(registrations) } : { registrations },
    );
  });
}

/** The distinct teams of a student's registrations, by team id. */
function teamsOf(registrations: RegistrationRow[]): { id: number; name: string }[] {
  const teams = new Map(registrations.map((r) => [r.team.id, r.team]));
  return [...teams.values()].sort((a, b) => a.id - b.id);
}

/**
 * The enrolment `id`, or 404 ("Matrícula não encontrada.") when there is none or it lies outside `teams` (a user
 * confined to some teams, `request.teams`, reaches only their enrolments: as a wrong id).
 */
export async function registrationInReach(db: Db, teams: number[] | undefined, id: number): Promise<number> {
  let query = dynamic(db).selectFrom('registrations').select('id').where('id', '=', id);
  if (teams) query = query.where('team_id', 'in', teams.length ? teams : [0]);
  if (!(await query.executeTakeFirst())) throw notFound('Matrícula não encontrada.');
  return id;
}
