import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * Secrets a background job needs on whichever instance claims it (the previous system's sign-in of an import, issue
 * 37; a certificate's password later, issue 41), sealed with AES-256-GCM under SECRETARIA_ENCRYPTION_KEY
 * (server/secrets): never in clear in the database. Each is deleted when its work ends, and is useless after
 * `expires_at` even if nobody deleted it (a server killed for good).
 */
export const sealedSecrets: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('sealed_secrets'), ctx)
      .addColumn('name', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('expires_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
  },
};
