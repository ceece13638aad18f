import type { Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/**
 * The first answer to each `Idempotency-Key` a user sent (server/http/idempotency.ts), so that a write sent
 * again after its answer was lost (the lessons' offline outbox) is answered, not done twice. One row per user
 * and key: claimed before the route runs (`owner`, `locked_until` while it runs), then holding the answer's
 * status and body until `expires_at` (a day later). A user removed takes their keys along.
 */
export const idempotencyKeys: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const at = timestampType(ctx);
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      // What was asked (method, path, body), hashed: the same key with another request is refused.
      .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
      // The attempt holding the key while the route runs; a claim whose lease ran out is taken over.
      .addColumn('owner', 'varchar(40)', (c) => c.notNull())
      .addColumn('locked_until', at)
      // Null while the first request runs.
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addColumn('content_type', 'varchar(100)')
      .addColumn('created_at', at, (c) => c.notNull())
      .addColumn('expires_at', at, (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();
  },
};
