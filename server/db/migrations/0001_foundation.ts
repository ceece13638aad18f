import type { Kysely } from 'kysely';
import {
  timestampType,
  withId,
  withSearchText,
  withTimestamps,
  type AppMigration,
  type MigrationContext,
} from './helpers';

/** Users and their sessions, the school's branding, and the first resource (teachings). */
export const foundation: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withTimestamps(
      withId(db.schema.createTable('users'), ctx)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('email', 'varchar(190)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull()),
      ctx,
    ).execute();

    await withId(db.schema.createTable('auth_tokens'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('expires_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('school_settings'), ctx)
        .addColumn('school_name', 'varchar(190)', (c) => c.notNull())
        .addColumn('main_service', 'varchar(190)')
        .addColumn('email', 'varchar(190)')
        .addColumn('phones', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('main_color', 'varchar(16)', (c) => c.notNull().defaultTo('#C4C4C4'))
        .addColumn('secondary_color', 'varchar(16)', (c) => c.notNull().defaultTo('#666666'))
        .addColumn('city', 'varchar(120)')
        .addColumn('average_grade', 'integer', (c) => c.notNull().defaultTo(60))
        .addColumn('colored_logo', 'text')
        .addColumn('cover', 'text'),
      ctx,
    ).execute();

    await withSearchText(
      withTimestamps(
        withId(db.schema.createTable('teachings'), ctx)
          .addColumn('name', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('description', 'text'),
        ctx,
      ),
    ).execute();

    // Which search fields each table's search_text was built from (rebuilt when a config changes).
    await db.schema
      .createTable('search_signatures')
      .addColumn('table_name', 'varchar(120)', (c) => c.primaryKey())
      .addColumn('signature', 'varchar(500)', (c) => c.notNull())
      .execute();
  },
};
