import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * Who teaches what in a team (issue 24): one row per teacher × discipline × team. Like the grades and the grid
 * rows, an assignment keeps its team, teacher and discipline in use (restrict, and a 409 naming it on delete):
 * removing a teacher who still has classes is a decision the office makes by removing the assignments first.
 */
export const teamTeachers: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('team_teachers'), ctx)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('restrict'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
      .addColumn('discipline_id', 'integer', (c) => c.notNull().references('disciplines.id').onDelete('restrict'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .addUniqueConstraint('team_teachers_unique', ['team_id', 'discipline_id', 'user_id'])
      .execute();
    // A professor's teams and disciplines are looked up by user on every scoped request.
    await db.schema.createIndex('team_teachers_user_idx').on('team_teachers').column('user_id').execute();
  },
};
