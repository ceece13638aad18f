import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * How many declarations of enrolment the family portal issued for a student on a school day (issue 34: each is
 * a PDF and an e-mail, and a family could ask without end). One row per student and day, counted up in one
 * atomic statement, so the daily limit holds across instances and parallel requests.
 */
export const declarationLimits: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('declaration_days')
      .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('issued', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('declaration_days_pk', ['student_id', 'day'])
      .execute();
  },
};
