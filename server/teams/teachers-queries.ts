import { TEACHER_ROLE } from '../../resources/permissions';
import { PROVIDER_USER_ID } from '../../resources/users';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';

// `team_teachers` (migration 0017) is outside the typed schema, as the grid rows are.

/** One teacher's assignment to a discipline of a team, as `GET /teams/{id}/teachers` answers it. */
export interface TeacherAssignment {
  id: number;
  user: { id: number; name: string };
  discipline: { id: number; name: string };
}

/** A team's assignments, by teacher then discipline name. */
export async function teamTeachers(db: Db, teamId: number): Promise<TeacherAssignment[]> {
  const rows = await dynamic(db)
    .selectFrom('team_teachers as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
    .select(['a.id', 'u.id as user_id', 'u.name as user_name', 'd.id as discipline_id', 'd.name as discipline_name'])
    .where('a.team_id', '=', teamId)
    .orderBy(byName(db, 'u.name'))
    .orderBy(byName(db, 'd.name'))
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user: { id: Number(r.user_id), name: String(r.user_name) },
    discipline: { id: Number(r.discipline_id), name: String(r.discipline_name) },
  }));
}

/** The disciplines of a team's grid (any stage), by name: the only ones a teacher may be given there. */
export async function teamDisciplines(db: Db, gridId: number): Promise<{ id: number; name: string }[]> {
  const rows = await dynamic(db)
    .selectFrom('grid_templates as t')
    .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
    .select(['d.id', 'd.name'])
    .where('t.grid_id', '=', gridId)
    .groupBy(['d.id', 'd.name'])
    .orderBy(byName(db, 'd.name'))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

/**
 * The users who may be assigned to teach: those whose role is `professor` (never the payment provider's system
 * user, whatever its role). The tab's select and the POST's check both read this one query, so both follow.
 */
function candidates(db: Db) {
  const k = dynamic(db);
  const teachers = k.selectFrom('roles').select('roles.id').where('roles.key', '=', TEACHER_ROLE);
  return k
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where('users.id', '<>', PROVIDER_USER_ID)
    .where('users.role_id', 'in', teachers);
}

/** The users the PROFESSORES tab offers, by name (see {@link candidates}). */
export async function teacherCandidates(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await candidates(db).orderBy(byName(db, 'users.name')).orderBy('users.id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

/** Whether a user may be assigned to teach (see {@link candidates}). */
export async function isTeacherCandidate(db: Db, userId: number): Promise<boolean> {
  return (await candidates(db).where('users.id', '=', userId).executeTakeFirst()) !== undefined;
}

/** The ids of the teams a user teaches in (ascending): what a `professor` is scoped to. */
export async function teamsTaughtBy(db: Db, userId: number): Promise<number[]> {
  const rows = await dynamic(db)
    .selectFrom('team_teachers')
    .select('team_id')
    .distinct()
    .where('user_id', '=', userId)
    .orderBy('team_id')
    .execute();
  return rows.map((r) => Number(r.team_id));
}

/** The ids of the disciplines a user teaches in one team (ascending): where a `professor` may enter grades. */
export async function disciplinesTaughtBy(db: Db, userId: number, teamId: number): Promise<number[]> {
  const rows = await dynamic(db)
    .selectFrom('team_teachers')
    .select('discipline_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('team_id', '=', teamId)
    .orderBy('discipline_id')
    .execute();
  return rows.map((r) => Number(r.discipline_id));
}
