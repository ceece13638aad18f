import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * The import from the previous system (issue 37): which of our rows each row of the old server became, per source
 * host, so that a second run creates nothing and updates what changed. `imports.counts` keeps a legacy run's count
 * per entity (`{students: {created, updated, unchanged}, …}`, JSON).
 */
export const legacyIds: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('legacy_ids'), ctx)
      .addColumn('source', 'varchar(255)', (c) => c.notNull())
      .addColumn('entity', 'varchar(40)', (c) => c.notNull())
      .addColumn('old_id', 'varchar(80)', (c) => c.notNull())
      .addColumn('new_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .addUniqueConstraint('legacy_ids_unique', ['source', 'entity', 'old_id'])
      .execute();
    await db.schema.alterTable('imports').addColumn('counts', 'text').execute();
  },
};
