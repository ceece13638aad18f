import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * The LGPD access log: who opened a student's record, downloaded their documents or exported their data.
 * `user_name` is the name as it was then: the row still says who after the user is renamed or deleted
 * (`user_id` is then set null). Rows go with the student (cascade): the log is about that person's data and
 * is kept exactly as long as the record it describes.
 */
export const accessLog: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('student_access_log'), ctx)
      .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'varchar(190)', (c) => c.notNull())
      // 'view' | 'document' | 'export' | 'report'
      .addColumn('action', 'varchar(12)', (c) => c.notNull())
      // What: the document's or the report's name; empty for a view.
      .addColumn('detail', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('student_access_log_student_idx')
      .on('student_access_log')
      .columns(['student_id', 'created_at'])
      .execute();
  },
};
