import type { Kysely } from 'kysely';
import { addReceivableSums } from '../receivable-sums';
import type { AppMigration, MigrationContext } from './helpers';

/**
 * The FINANCEIRO dashboard's sums (receivable-sums.ts): charges per team, due date, situation and pay day, kept by
 * triggers and filled here from the charges there are. An index alone was not enough: grouping 1,000,000 charges
 * with their enrolments' teams took seconds on SQLite, for a goal of 300 ms.
 */
export const receivablesIndexes: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await addReceivableSums(db, ctx.dialect);
  },
};
