import type { Kysely } from 'kysely';
import { withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Arriving from another school (issue 38): the enrolment records the school of origin (name, city, UF), and the grades
 * the student brought from there are kept per discipline and year/series (`prior_studies`), printed on the history as
 * studies done elsewhere. The grade is kept as the other school wrote it (a number or a concept such as "B"); `hours`
 * is the discipline's workload there, when known. They go with their enrolment.
 */
export const priorStudies: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema.alterTable('registrations').addColumn('origin_school', 'varchar(190)').execute();
    await db.schema.alterTable('registrations').addColumn('origin_city', 'varchar(120)').execute();
    await db.schema.alterTable('registrations').addColumn('origin_uf', 'varchar(2)').execute();
    await withTimestamps(
      withId(db.schema.createTable('prior_studies'), ctx)
        .addColumn('registration_id', 'integer', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('series', 'varchar(60)', (c) => c.notNull())
        .addColumn('discipline', 'varchar(120)', (c) => c.notNull())
        .addColumn('grade', 'varchar(10)', (c) => c.notNull())
        .addColumn('hours', 'integer')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ctx,
    ).execute();
    await db.schema.createIndex('prior_studies_registration').on('prior_studies').column('registration_id').execute();
  },
};
