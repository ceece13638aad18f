import type { Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/**
 * Failed sign-ins per e-mail (`email:…`) and per address (`ip:…`), in the database so that every
 * instance counts against the same limits.
 */
export const loginFailures: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .createTable('login_failures')
      .addColumn('subject', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('first_failure_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('last_failure_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_failures_last_idx').on('login_failures').column('last_failure_at').execute();
  },
};
