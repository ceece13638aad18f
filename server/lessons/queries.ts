import { registrationNumber } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import type { Absence, EnrolmentSpan, GivenLesson } from './frequency';

/** A lesson row as the API answers it. */
export interface Lesson extends GivenLesson {
  team_id: number;
  discipline_id: number;
  stage_id: number;
  content: string;
  created_by: number | null;
}

export const lessonOf = (r: Record<string, unknown>): Lesson => ({
  id: Number(r.id),
  team_id: Number(r.team_id),
  discipline_id: Number(r.discipline_id),
  stage_id: Number(r.stage_id),
  date: String(r.date),
  periods: Number(r.periods),
  content: String(r.content),
  created_by: r.created_by == null ? null : Number(r.created_by),
});

const LESSON_COLUMNS = ['id', 'team_id', 'discipline_id', 'stage_id', 'date', 'periods', 'content', 'created_by'];

export async function findLesson(db: Db, lessonId: number): Promise<Lesson | undefined> {
  const row = await dynamic(db)
    .selectFrom('lessons')
    .select(LESSON_COLUMNS)
    .where('id', '=', lessonId)
    .executeTakeFirst();
  return row ? lessonOf(row) : undefined;
}

export interface LessonFilter {
  discipline_id?: number;
  stage_id?: number;
}

/** A team's lessons (optionally of one discipline and stage), newest first. */
export async function teamLessons(db: Db, teamIds: number[], filter: LessonFilter): Promise<Lesson[]> {
  if (teamIds.length === 0) return [];
  let query = dynamic(db).selectFrom('lessons').select(LESSON_COLUMNS).where('team_id', 'in', teamIds);
  if (filter.discipline_id !== undefined) query = query.where('discipline_id', '=', filter.discipline_id);
  if (filter.stage_id !== undefined) query = query.where('stage_id', '=', filter.stage_id);
  const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').execute();
  return rows.map(lessonOf);
}

/** An enrolment as the roll call and the totals show it. */
export interface Enrolment extends EnrolmentSpan {
  registration_id: number;
  team_id: number;
  number: string;
  student: { id: number; name: string; status: string | null; has_photo: boolean };
}

/** The enrolments of some teams (or of one student), by name. */
export async function enrolments(db: Db, where: { teamIds?: number[]; studentId?: number }): Promise<Enrolment[]> {
  let query = dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['r.id', 'r.team_id', 'r.enrolled_on', 'r.left_on', 's.id as student_id', 's.name', 's.status', 's.image']);
  if (where.teamIds) {
    if (where.teamIds.length === 0) return [];
    query = query.where('r.team_id', 'in', where.teamIds);
  }
  if (where.studentId !== undefined) query = query.where('r.student_id', '=', where.studentId);
  const rows = await query.orderBy(byName(db, 's.name')).orderBy('r.id').execute();
  return rows.map((r) => ({
    registration_id: Number(r.id),
    team_id: Number(r.team_id),
    number: registrationNumber(Number(r.id)),
    student: {
      id: Number(r.student_id),
      name: String(r.name),
      status: r.status == null ? null : String(r.status),
      has_photo: r.image != null && r.image !== '',
    },
    since: String(r.enrolled_on),
    until: r.left_on == null ? null : String(r.left_on),
  }));
}

type AbsenceRow = { lesson_id: unknown; registration_id: unknown; absences: unknown; justified: unknown };

function byRegistration(rows: AbsenceRow[], into = new Map<number, Absence[]>()): Map<number, Absence[]> {
  for (const r of rows) {
    const list = into.get(Number(r.registration_id)) ?? [];
    list.push({ lesson_id: Number(r.lesson_id), absences: Number(r.absences), justified: Number(r.justified) === 1 });
    into.set(Number(r.registration_id), list);
  }
  return into;
}

/** The recorded absences of some lessons, by registration. */
export async function absencesOf(db: Db, lessonIds: number[]): Promise<Map<number, Absence[]>> {
  const found = new Map<number, Absence[]>();
  // Chunked: a school's year of lessons may pass the databases' limits on bound parameters.
  for (let i = 0; i < lessonIds.length; i += 500) {
    const rows = await dynamic(db)
      .selectFrom('attendance')
      .select(['lesson_id', 'registration_id', 'absences', 'justified'])
      .where('lesson_id', 'in', lessonIds.slice(i, i + 500))
      .execute();
    byRegistration(rows, found);
  }
  return found;
}

/**
 * The recorded absences in some teams' lessons (optionally of one discipline and stage), by registration: by
 * team rather than by lesson ids, so that it runs beside the read of the lessons instead of after it.
 */
export async function teamAbsences(db: Db, teamIds: number[], filter: LessonFilter): Promise<Map<number, Absence[]>> {
  if (teamIds.length === 0) return new Map();
  let query = dynamic(db)
    .selectFrom('attendance as a')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .select(['a.lesson_id', 'a.registration_id', 'a.absences', 'a.justified'])
    .where('l.team_id', 'in', teamIds);
  if (filter.discipline_id !== undefined) query = query.where('l.discipline_id', '=', filter.discipline_id);
  if (filter.stage_id !== undefined) query = query.where('l.stage_id', '=', filter.stage_id);
  return byRegistration(await query.execute());
}

/** The names of some rows of a table with a `name` column, by id (one query; none asked, none read). */
export async function namesOf(db: Db, table: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await dynamic(db).selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}
