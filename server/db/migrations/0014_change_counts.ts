import type { Kysely } from 'kysely';
import { addChangeCounting } from '../change-counts';
import type { AppMigration, MigrationContext } from './helpers';

/** Changes to each counted table's existing rows (change-counts.ts), so a search's total is counted once. */
export const changeCounts: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await addChangeCounting(db, ctx.dialect);
  },
};
