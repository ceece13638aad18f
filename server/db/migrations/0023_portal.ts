import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The family portal (issue 26): accounts of guardians and adult students, made only by the office's invitation;
 * their one-time links (invitation, password reset) and their sessions, both stored as hashes only, and kept apart
 * from the staff's (`auth_tokens`, `password_resets`): a portal token can never open a staff route.
 */
export const portal: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const ts = timestampType(ctx);
    await withTimestamps(
      withId(db.schema.createTable('portal_accounts'), ctx)
        // Exactly one of the two: a guardian's account, or an adult student's own.
        .addColumn('guardian_id', 'integer', (c) => c.unique().references('guardians.id').onDelete('cascade'))
        .addColumn('student_id', 'integer', (c) => c.unique().references('students.id').onDelete('cascade'))
        // Lower case; one account per e-mail.
        .addColumn('email', 'varchar(190)', (c) => c.notNull().unique())
        // Null until the invitation is taken.
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('invited_at', ts)
        .addColumn('activated_at', ts)
        .addColumn('last_login_at', ts)
        // Set by the office's revocation; a new invitation clears it.
        .addColumn('revoked_at', ts),
      ctx,
    ).execute();
    await withId(db.schema.createTable('portal_links'), ctx)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('portal_accounts.id').onDelete('cascade'))
      // 'invite' (7 days) or 'reset' (1 hour).
      .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('portal_links_account_idx').on('portal_links').column('account_id').execute();
    await withId(db.schema.createTable('portal_sessions'), ctx)
      .addColumn('account_id', 'integer', (c) => c.notNull().references('portal_accounts.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('portal_sessions_account_idx').on('portal_sessions').column('account_id').execute();
  },
};
