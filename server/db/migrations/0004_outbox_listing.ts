import type { Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/** The outbox becomes a read-only resource: it needs the columns every resource list has. */
export const outboxListing: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .alterTable('outbox')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('outbox').addColumn('updated_at', timestampType(ctx)).execute();
  },
};
