import type { Kysely } from 'kysely';
import { withId, withSearchText, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

type Ctx = MigrationContext;

async function resourceTable(
  db: Kysely<unknown>,
  ctx: Ctx,
  name: string,
  columns: (t: ReturnType<typeof withId>) => ReturnType<typeof withId>,
): Promise<void> {
  await withSearchText(withTimestamps(columns(withId(db.schema.createTable(name), ctx)), ctx)).execute();
}

/**
 * Master data (courses, text templates, polos, disciplines, stages), grids and their rows, teams,
 * the payment lookups, and the tables teams point at or are pointed at by (students, registrations,
 * grades), so that enrolment counts and dependent-delete checks have something real to count.
 */
export const masterData: AppMigration = {
  async up(db: Kysely<unknown>, ctx: Ctx) {
    await db.schema
      .alterTable('users')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await resourceTable(db, ctx, 'courses', (t) =>
      t
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('teaching_id', 'integer', (c) => c.notNull().references('teachings.id').onDelete('restrict')),
    );
    await resourceTable(db, ctx, 'text_documents', (t) =>
      t
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('teaching_id', 'integer', (c) => c.references('teachings.id').onDelete('restrict')),
    );
    await resourceTable(db, ctx, 'polos', (t) =>
      t
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('city', 'varchar(120)', (c) => c.notNull())
        .addColumn('uf', 'varchar(2)', (c) => c.notNull())
        .addColumn('responsible', 'varchar(150)')
        .addColumn('address', 'varchar(255)')
        .addColumn('email', 'varchar(190)')
        .addColumn('phone', 'varchar(11)'),
    );
    await resourceTable(db, ctx, 'disciplines', (t) =>
      t
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('teaching_id', 'integer', (c) => c.notNull().references('teachings.id').onDelete('restrict'))
        .addColumn('amount_of_reviews', 'varchar(2)', (c) => c.notNull())
        .addColumn('workload', 'varchar(4)', (c) => c.notNull()),
    );
    await resourceTable(db, ctx, 'stages', (t) =>
      t.addColumn('stage', 'integer', (c) => c.notNull().unique()).addColumn('description', 'varchar(255)'),
    );
    await resourceTable(db, ctx, 'grids', (t) =>
      t
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('obs', 'text')
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('restrict')),
    );
    await withTimestamps(
      withId(db.schema.createTable('grid_templates'), ctx)
        .addColumn('grid_id', 'integer', (c) => c.notNull().references('grids.id').onDelete('cascade'))
        .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('restrict'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id').onDelete('restrict'))
        .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
        .addColumn('workload', 'integer', (c) => c.notNull())
        .addUniqueConstraint('grid_templates_unique', ['grid_id', 'discipline_id', 'stage_id']),
      ctx,
    ).execute();
    await db.schema.createIndex('grid_templates_grid_idx').on('grid_templates').column('grid_id').execute();

    await resourceTable(db, ctx, 'teams', (t) =>
      t
        .addColumn('name', 'varchar(150)', (c) => c.notNull())
        .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('polo_id', 'integer', (c) => c.notNull().references('polos.id').onDelete('restrict'))
        .addColumn('grid_id', 'integer', (c) => c.notNull().references('grids.id').onDelete('restrict')),
    );
    for (const table of ['service_types', 'payment_types']) {
      await resourceTable(db, ctx, table, (t) => t.addColumn('name', 'varchar(120)', (c) => c.notNull().unique()));
    }

    await resourceTable(db, ctx, 'students', (t) =>
      t
        .addColumn('name', 'varchar(190)', (c) => c.notNull())
        .addColumn('status', 'varchar(20)')
        .addColumn('gender', 'varchar(1)')
        .addColumn('email', 'varchar(190)')
        .addColumn('cep', 'varchar(8)')
        .addColumn('street', 'varchar(190)')
        .addColumn('number', 'varchar(20)')
        .addColumn('neighborhood', 'varchar(120)')
        .addColumn('city', 'varchar(120)')
        .addColumn('uf', 'varchar(2)')
        .addColumn('phone', 'varchar(11)')
        .addColumn('cpf', 'varchar(11)', (c) => c.unique())
        .addColumn('rg', 'varchar(30)')
        .addColumn('expedient_body', 'varchar(30)')
        .addColumn('nationality', 'varchar(60)')
        .addColumn('naturalness', 'varchar(120)')
        .addColumn('birth_date', 'varchar(10)')
        .addColumn('name_mother', 'varchar(190)')
        .addColumn('image', 'varchar(255)'),
    );
    await withTimestamps(
      withId(db.schema.createTable('registrations'), ctx)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('restrict'))
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('restrict'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('registrations_student_team_unique', ['student_id', 'team_id']),
      ctx,
    ).execute();
    await db.schema.createIndex('registrations_team_idx').on('registrations').column('team_id').execute();

    await withTimestamps(
      withId(db.schema.createTable('grades'), ctx)
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('restrict'))
        .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
        .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id').onDelete('restrict'))
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('restrict'))
        // Tenths of a point (0 to 100), so that 7.5 is exact.
        .addColumn('grade', 'integer', (c) => c.notNull())
        .addUniqueConstraint('grades_unique', ['student_id', 'stage_id', 'discipline_id', 'team_id']),
      ctx,
    ).execute();
    await db.schema.createIndex('grades_team_idx').on('grades').column('team_id').execute();
  },
};
