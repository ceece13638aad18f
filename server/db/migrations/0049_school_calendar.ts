import type { Kysely } from 'kysely';
import { withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * The calendar of a school year (issue 38): the dates of its stages (bimestres, trimestres) and the days that differ
 * from a plain weekday (a holiday, a recess, a school Saturday, an event). `calendar_filled` marks a year whose
 * national holidays were written once: a holiday the office then removes stays removed. `calendar_saved` marks a year
 * whose calendar the office has saved: from then on its lessons keep to it (a year nobody looked at refuses none).
 */
export const schoolCalendar: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('school_year_stages'), ctx)
      .addColumn('school_year_id', 'integer', (c) => c.notNull().references('school_years.id').onDelete('cascade'))
      .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addUniqueConstraint('school_year_stages_unique', ['school_year_id', 'stage_id'])
      .execute();
    await withId(db.schema.createTable('school_calendar_days'), ctx)
      .addColumn('school_year_id', 'integer', (c) => c.notNull().references('school_years.id').onDelete('cascade'))
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('school_calendar_days_unique', ['school_year_id', 'date'])
      .execute();
    await db.schema
      .alterTable('school_years')
      .addColumn('calendar_filled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('school_years')
      .addColumn('calendar_saved', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
