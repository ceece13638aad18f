import type { Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/**
 * Mail leaves in the background (server/mail/delivery.ts): each outbox row says how many tries it had,
 * when the next one is due (null: not queued, e.g. written while no SMTP was set), until when an
 * instance holds it for a try, so that several instances on one database send each message once, and
 * which instance alone can send it (a message whose full text, a reset link, only it keeps in memory).
 */
export const outboxDelivery: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .alterTable('outbox')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('outbox').addColumn('next_attempt_at', timestampType(ctx)).execute();
    await db.schema.alterTable('outbox').addColumn('claimed_until', timestampType(ctx)).execute();
    await db.schema.alterTable('outbox').addColumn('held_by', 'varchar(32)').execute();
    await db.schema.createIndex('outbox_due_idx').on('outbox').column('next_attempt_at').execute();
  },
};
