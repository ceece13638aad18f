import type { Kysely } from 'kysely';
import { withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The class diary (issue 25): a lesson given (aula dada) to a team in one discipline and stage, and each
 * enrolment's absences in it. Like the grades, a lesson keeps its team, discipline and stage in use (restrict,
 * and a 409 naming it on delete); a lesson's attendance goes with it, and with an enrolment removed by mistake.
 * Students present have no row: the roll call is "present by default", a row records absences or a justification.
 */
export const lessonsAttendance: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withTimestamps(
      withId(db.schema.createTable('lessons'), ctx)
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('restrict'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id').onDelete('restrict'))
        .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
        // The school's calendar day, 'YYYY-MM-DD' as text: never shifted by a time zone.
        .addColumn('date', 'varchar(10)', (c) => c.notNull())
        // Class periods (horas-aula) given that day, 1 to 6: absences count in periods.
        .addColumn('periods', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ctx,
    ).execute();
    await db.schema.createIndex('lessons_team_idx').on('lessons').columns(['team_id', 'discipline_id']).execute();

    await withTimestamps(
      withId(db.schema.createTable('attendance'), ctx)
        .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
        .addColumn('registration_id', 'integer', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
        // Periods missed, 0 to the lesson's periods.
        .addColumn('absences', 'integer', (c) => c.notNull().defaultTo(0))
        // 1: justified (atestado); counted or excused as school_settings.justified_absences_count says.
        .addColumn('justified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addUniqueConstraint('attendance_unique', ['lesson_id', 'registration_id']),
      ctx,
    ).execute();
    await db.schema.createIndex('attendance_registration_idx').on('attendance').column('registration_id').execute();

    // The least frequency, in whole percent, that passes a student (LDB art. 24, VI: 75 %).
    await db.schema
      .alterTable('school_settings')
      .addColumn('minimum_attendance', 'integer', (c) => c.notNull().defaultTo(75))
      .execute();
    // 0: justified absences are excused (not counted); 1: they count as any absence.
    await db.schema
      .alterTable('school_settings')
      .addColumn('justified_absences_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
