import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * A course's own yearly minimums (issue 38): LDB art. 24, I asks 200 school days and 800 hours of the basic
 * education; other courses (a technical course, the EJA, a school's own rule) set theirs. Empty: the LDB's.
 */
export const courseMinimums: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('courses').addColumn('minimum_days', 'integer').execute();
    await db.schema.alterTable('courses').addColumn('minimum_hours', 'integer').execute();
  },
};
