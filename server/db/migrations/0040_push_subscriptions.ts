import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Web Push (issue 36): each device a family opted in from the portal, and the pushes waiting to leave. A push is
 * written in the transaction that claims its notice (server/notifications/sweep.ts), so it leaves once whatever
 * stops; it is deleted once the push service took it, or with its subscription when the service says the
 * subscription is gone (404/410), as a signed-out or uninstalled device's is.
 */
export const pushSubscriptions: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const ts = timestampType(ctx);
    await withTimestamps(
      withId(db.schema.createTable('push_subscriptions'), ctx)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('portal_accounts.id').onDelete('cascade'))
        // The push service's URL for this device: one subscription per device, whoever signs in on it last.
        .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
        // The device's P-256 public key and auth secret (base64url): the push is encrypted to them (RFC 8291).
        .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
        .addColumn('auth', 'varchar(40)', (c) => c.notNull()),
      ctx,
    ).execute();
    await db.schema
      .createIndex('push_subscriptions_account_idx')
      .on('push_subscriptions')
      .column('account_id')
      .execute();
    await withId(db.schema.createTable('push_messages'), ctx)
      .addColumn('subscription_id', 'integer', (c) =>
        c.notNull().references('push_subscriptions.id').onDelete('cascade'),
      )
      // {title, body, url} as JSON: what the device shows.
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ts, (c) => c.notNull())
      // A try in flight holds the row until then (several instances share the table).
      .addColumn('claimed_until', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_messages_due_idx').on('push_messages').column('next_attempt_at').execute();
  },
};
