import { formatDateTime, parseDate, schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { embeddedUser } from '../users/embedded';

export async function observationsOf(db: Db, studentId: number) {
  const rows = await dynamic(db)
    .selectFrom('observations as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.observation', 'o.created_at', 'o.updated_at', 'u.name as user_name'])
    .where('o.student_id', '=', studentId)
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    observation: r.observation,
    created_at: r.created_at,
    created_at_formatted: formatDateTime(r.created_at),
    user: embeddedUser(r.user_name),
  }));
}

/**
 * Whole years from a birth date (`yyyy-mm-dd`) to `today`, the school's calendar day (America/Sao_Paulo):
 * the birthday counts from its own day, and 29/02 from 01/03 in other years. Null without a birth date.
 */
export function ageOf(birthDate: unknown, today: string = schoolDayOf()): number | null {
  const birth = parseDate(birthDate);
  if (birth === null || birth > today) return null;
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** Gives each row of a list page its `age`, in place (one clock read for the page). */
export function withAges<T extends Record<string, unknown>>(rows: T[]): T[] {
  const today = schoolDayOf();
  for (const row of rows) Object.assign(row, { age: ageOf(row.birth_date, today) });
  return rows;
}

/**
 * Gives each row its `has_photo`, in place, in one query for the page: a screen asks for a photo only where
 * there is one (a list of 45 students makes no 45 requests answered 404), as the roll call does.
 */
export async function withPhotoFlags<T extends Record<string, unknown>>(db: Db, rows: T[]): Promise<T[]> {
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return rows;
  const found = await dynamic(db)
    .selectFrom('students')
    .select('id')
    .where('id', 'in', ids)
    .where('image', 'is not', null)
    .where('image', '<>', '')
    .execute();
  const withPhoto = new Set(found.map((r) => Number(r.id)));
  for (const row of rows) Object.assign(row, { has_photo: withPhoto.has(Number(row.id)) });
  return rows;
}
