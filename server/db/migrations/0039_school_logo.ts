import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * The school's logo (issue 35: `colored_logo` could not be set). Its bytes live in the database, base64 in
 * text the same on both databases and in a backup, because the PDFs that print it are drawn in worker threads
 * that read the database and not the file storage. One row at most; `school_settings.colored_logo` holds the
 * public address of the current one (`/api/school-logo/<version>.png`), its version the file's hash.
 */
export const schoolLogo: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('school_logos'), ctx)
      .addColumn('version', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('mime', 'varchar(20)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
  },
};
