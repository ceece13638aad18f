import type { Kysely } from 'kysely';
import { addMonthlyCounts } from '../monthly-counts';
import { addRowCounter, addSearchIndex, createRowCounts, ensureTrigram, tablesWithSearchText } from '../search-ddl';
import type { AppMigration, MigrationContext } from './helpers';

/**
 * Indexed substring search and exact row counters for every table a list searches (see search-ddl.ts),
 * and the dashboard's rows per month (monthly-counts.ts).
 * Where pg_trgm cannot be installed the migration still succeeds: the start-up check logs why and
 * search keeps working by scanning, as before.
 */
export const searchAndCounts: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const tables = await tablesWithSearchText(db, ctx.dialect);
    await createRowCounts(db, ctx.dialect);
    const trigram = ctx.dialect === 'postgres' ? (await ensureTrigram(db)).schema : undefined;
    for (const table of tables) {
      await addSearchIndex(db, ctx.dialect, table, trigram);
      await addRowCounter(db, ctx.dialect, table);
    }
    await addMonthlyCounts(db, ctx.dialect);
  },
};
