import type { Kysely } from 'kysely';
import { withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Families' e-mail notifications (issue 26): the school's switches, the publication of a stage's grades (the
 * event families hear of, and what the portal shows), and one row per message sent, whose unique key makes
 * "one message per event per guardian" hold with any number of instances sweeping at once.
 */
export const notifications: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    // 1: on. Each kind can be turned off by the school; the due-date notice goes N days before.
    for (const column of ['notify_grades', 'notify_documents', 'notify_charge_due', 'notify_charge_overdue'])
      await db.schema
        .alterTable('school_settings')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('notify_charge_due_days', 'integer', (c) => c.notNull().defaultTo(3))
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('grade_publications'), ctx)
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
        .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('grade_publications_unique', ['team_id', 'stage_id']),
      ctx,
    ).execute();

    await withTimestamps(
      withId(db.schema.createTable('notifications'), ctx)
        // What happened, e.g. 'grades:12' (a publication), 'document:40', 'charge-due:7:2026-12-10'.
        .addColumn('event', 'varchar(120)', (c) => c.notNull())
        // Who was told: 'guardian:3', or 'student:9' (an adult who answers for themselves).
        .addColumn('recipient', 'varchar(40)', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.references('students.id').onDelete('cascade'))
        .addUniqueConstraint('notifications_unique', ['event', 'recipient']),
      ctx,
    ).execute();
  },
};
