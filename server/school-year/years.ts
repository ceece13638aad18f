import { dynamic, type Db } from '../db/connection';

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
