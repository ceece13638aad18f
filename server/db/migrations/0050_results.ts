import { sql, type Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Results at the end of the year (issue 38). The school's rules: how the annual average is taken (`arithmetic`,
 * or `weighted` with a weight per stage number as JSON), how the final make-up counts (`none` keeps the verdicts
 * as they were: under the average fails at once), how many failed disciplines still promote, and whether they
 * are carried as dependência. Then the make-up grade of a registration in a discipline (tenths) and the class
 * council's decision there, with its reason and who recorded it; both go with the registration. The new
 * permission `results.manage` (council decisions, closing a team) goes to Administração and Secretaria.
 */
export const results: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .alterTable('school_settings')
      .addColumn('average_mode', 'varchar(20)', (c) => c.notNull().defaultTo('arithmetic'))
      .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('stage_weights', 'varchar(500)', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('makeup_rule', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
      .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('failures_allowed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('dependencia_allowed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('makeup_grades'), ctx)
        .addColumn('registration_id', 'integer', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id').onDelete('cascade'))
        .addColumn('grade', 'integer', (c) => c.notNull())
        .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('makeup_grades_unique', ['registration_id', 'discipline_id']),
      ctx,
    ).execute();

    await withId(db.schema.createTable('council_decisions'), ctx)
      .addColumn('registration_id', 'integer', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
      .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id').onDelete('cascade'))
      // 'aprovado': the council approves what the numbers fail (the only decision that changes a verdict).
      .addColumn('decision', 'varchar(20)', (c) => c.notNull())
      .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
      .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('decided_at', timestampType(ctx), (c) => c.notNull())
      .addUniqueConstraint('council_decisions_unique', ['registration_id', 'discipline_id'])
      .execute();
    await sql`insert into role_permissions (role_id, permission)
      select id, 'results.manage' from roles where key in ('administracao', 'secretaria')`.execute(db);
  },
};
