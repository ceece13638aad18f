import type { Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/** Who saved a grade and when: a grade sheet is a record the school must be able to account for. */
export const gradesSavedBy: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .alterTable('grades')
      .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('grades').addColumn('saved_at', timestampType(ctx)).execute();
  },
};
