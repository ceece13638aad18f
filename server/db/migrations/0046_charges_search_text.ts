import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The charges list (resources/charges.ts, issue 36) is a resource over `financials`, and every resource's table keeps
 * the folded text of its search fields. Filled at the next start, when the charges config is first indexed; the
 * charges' search field is their number, which a search also matches on the id itself, so a charge written by the
 * finance routes (which do not fill this column) is found all the same.
 */
export const chargesSearchText: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('financials')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
