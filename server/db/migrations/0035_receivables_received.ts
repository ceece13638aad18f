import type { Kysely } from 'kysely';
import { addReceivableSums, dropReceivableSums } from '../receivable-sums';
import type { AppMigration, MigrationContext } from './helpers';

/**
 * Issue 35: the dashboard's "Recebido no mês" summed the paid charges' face value (R$ 620,00 shown, R$ 635,03 came
 * in). The sums gain `received`, what the paid charges brought in (their paid parts), kept by the same triggers; the
 * table, its triggers and functions are made again (receivable-sums.ts, as 0028 makes them on a new database) and
 * filled from the charges there are, in this migration's transaction.
 */
export const receivablesReceived: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await dropReceivableSums(db, ctx.dialect);
    await addReceivableSums(db, ctx.dialect);
  },
};
