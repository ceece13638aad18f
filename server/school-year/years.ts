import { dynamic, type Db } from '../db/connection';
import { schoolDayOf } from '../../resources/format';

/** The calendar year of a `YYYY-MM-DD` date. */
export const yearOf = (date: string): number => Number(date.slice(0, 4));

/**
 * The id of the school year `year`, created with the given dates when the school has none yet (a team registered by
 * a client of the original API, which knows no years). Two requests racing for a new year both get the one row: the
 * insert yields to the unique year.
 */
export async function schoolYearFor(db: Db, year: number, dates: { start_date: string; end_date: string }) {
  const k = dynamic(db);
  const found = await k.selectFrom('school_years').select('id').where('year', '=', year).executeTakeFirst();
  if (found) return Number(found.id);
  const now = new Date().toISOString();
  await k
    .insertInto('school_years')
    .values({ year, ...dates, status: 'open', search_text: '', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('year').doNothing())
    .execute();
  const row = await k.selectFrom('school_years').select('id').where('year', '=', year).executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface SchoolYearRow {
  id: number;
  year: number;
  start_date: string;
  end_date: string;
  status: string;
}

/**
 * The school year a screen opens on (lists, reports, the dashboard, the portal): the one whose dates contain `today`;
 * between two years (the December and January holidays) the last one that has begun, since the office is still
 * closing it and next year's teams are being prepared, not yet taught; before any has begun, the first. So a planned
 * year never takes the screens over before its first day.
 */
export async function currentSchoolYear(db: Db, today = schoolDayOf()): Promise<SchoolYearRow | null> {
  const rows = await dynamic(db)
    .selectFrom('school_years')
    .select(['id', 'year', 'start_date', 'end_date', 'status'])
    .orderBy('start_date')
    .execute();
  const years = rows.map((r) => ({
    id: Number(r.id),
    year: Number(r.year),
    start_date: String(r.start_date),
    end_date: String(r.end_date),
    status: String(r.status),
  }));
  const begun = years.filter((y) => y.start_date <= today);
  return begun.find((y) => today <= y.end_date) ?? begun.at(-1) ?? years[0] ?? null;
}
