import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Issued documents (verified publicly by code), contact messages, the mail outbox, password resets,
 * used human-verification challenges and server secrets shared by every instance.
 */
export const publicSite: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withTimestamps(
      withId(db.schema.createTable('documents'), ctx)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('restrict'))
        .addColumn('registration_id', 'integer', (c) => c.references('registrations.id').onDelete('set null'))
        .addColumn('type', 'varchar(40)', (c) => c.notNull())
        .addColumn('code', 'varchar(80)', (c) => c.notNull().unique())
        .addColumn('folder', 'varchar(40)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(190)', (c) => c.notNull()),
      ctx,
    ).execute();
    await db.schema.createIndex('documents_student_idx').on('documents').column('student_id').execute();

    await withId(db.schema.createTable('contact_messages'), ctx)
      .addColumn('name', 'varchar(190)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)', (c) => c.notNull())
      .addColumn('whatsapp', 'varchar(11)', (c) => c.notNull())
      .addColumn('doubt', 'text', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('outbox'), ctx)
      .addColumn('to_address', 'varchar(190)', (c) => c.notNull())
      .addColumn('reply_to', 'varchar(190)')
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('sent_at', timestampType(ctx))
      .addColumn('error', 'text')
      .execute();

    await withId(db.schema.createTable('password_resets'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('used_at', timestampType(ctx))
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('captcha_used')
      .addColumn('challenge_id', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .execute();
  },
};
