import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the seed writes by table name, as the migrations do
type Trx = Kysely<any>;

/**
 * The demo school's years (issue 38): 2026, whose dates its teams follow, and 2027, planned; every team in its start
 * date's year. Apart from the master data, which a test may seed into a database migrated only up to an older
 * migration, before school years existed (migration 0048 then gives the teams their year).
 */
export async function seedSchoolYears(trx: Trx, now: string): Promise<void> {
  const stamp = { status: 'open', search_text: '', created_at: now, updated_at: now };
  await trx
    .insertInto('school_years')
    .values([
      { year: 2026, start_date: '2026-02-02', end_date: '2026-12-18', ...stamp },
      { year: 2027, start_date: '2027-02-01', end_date: '2027-12-17', ...stamp },
    ])
    .execute();
  const years = await trx.selectFrom('school_years').select(['id', 'year']).execute();
  for (const y of years)
    await trx
      .updateTable('teams')
      .set({ school_year_id: y.id })
      .where('school_year_id', 'is', null)
      .where('start_date', 'like', `${y.year}-%`)
      .execute();
}
