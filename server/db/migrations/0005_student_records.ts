import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/** A student's status history, observations and registry books, and the audit log of changes. */
export const studentRecords: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('student_status_history'), ctx)
      .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('previous_status', 'varchar(20)')
      .addColumn('new_status', 'varchar(20)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('status_history_student_idx')
      .on('student_status_history')
      .column('student_id')
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('observations'), ctx)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        .addColumn('observation', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ctx,
    ).execute();
    await db.schema.createIndex('observations_student_idx').on('observations').column('student_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('books'), ctx)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('registration_number', 'varchar(30)', (c) => c.notNull())
        .addColumn('book_number', 'varchar(30)', (c) => c.notNull())
        .addColumn('page_number', 'varchar(30)', (c) => c.notNull())
        .addColumn('issue_date', 'varchar(10)')
        .addColumn('certificate_seal_number', 'varchar(60)')
        .addColumn('history_seal_number', 'varchar(60)'),
      ctx,
    ).execute();
    await db.schema.createIndex('books_student_idx').on('books').column('student_id').execute();

    await withId(db.schema.createTable('audit_log'), ctx)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('entity', 'varchar(40)', (c) => c.notNull())
      .addColumn('entity_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(10)', (c) => c.notNull())
      .addColumn('changes', 'text', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();
  },
};
