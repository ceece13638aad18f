import { sql, type Kysely } from 'kysely';
import { withId, withSearchText, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * School years (issue 38): `school_years`, one row per calendar year the school works in, and `teams.school_year_id`.
 * Every existing team belongs to the year of its start date: that year's row is created with the earliest start and
 * the latest end of its teams, so a school upgrading finds its years already there. The column stays nullable in the
 * schema (SQLite adds a referencing column only so); the server fills it on every write (server/school-year/hooks.ts).
 */
export const schoolYears: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withSearchText(
      withTimestamps(
        withId(db.schema.createTable('school_years'), ctx)
          .addColumn('year', 'integer', (c) => c.notNull().unique())
          .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
          .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
          .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open')),
        ctx,
      ),
    ).execute();
    await db.schema
      .alterTable('teams')
      .addColumn('school_year_id', 'integer', (c) => c.references('school_years.id').onDelete('restrict'))
      .execute();
    await db.schema.createIndex('teams_school_year_idx').on('teams').column('school_year_id').execute();

    const years = (
      await sql<{ year: string; start_date: string; end_date: string }>`select substr(start_date, 1, 4) as year,
        min(start_date) as start_date, max(end_date) as end_date from teams group by substr(start_date, 1, 4)`.execute(
        db,
      )
    ).rows.filter((y) => /^\d{4}$/.test(String(y.year)));
    const now = new Date().toISOString();
    for (const y of years)
      await sql`insert into school_years (year, start_date, end_date, status, search_text, created_at, updated_at)
        values (${Number(y.year)}, ${y.start_date}, ${y.end_date}, 'open', '', ${now}, ${now})`.execute(db);
    await sql`update teams set school_year_id = (select s.id from school_years s
      where s.year = cast(substr(teams.start_date, 1, 4) as integer)) where school_year_id is null`.execute(db);
  },
};
