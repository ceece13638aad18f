import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * Next year (issue 38): `grids.next_grid_id` ("Grade seguinte", the office's mapping of a series to the next one;
 * empty on a final series), `teams.payment_plan_id` ("Plano de pagamento", applied by the rollover when asked) and
 * `teams.previous_team_id`, the team of the year before a successor was created from (server/school-year/
 * successors): unique, so that a second run, or two at once, never create a team's successor twice. Removing the
 * grid, plan or team pointed at only empties the pointer.
 */
export const rollover: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('grids')
      .addColumn('next_grid_id', 'integer', (c) => c.references('grids.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('teams')
      .addColumn('payment_plan_id', 'integer', (c) => c.references('payment_plans.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('teams')
      .addColumn('previous_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('teams_previous_team_unique').unique().on('teams').column('previous_team_id').execute();
  },
};
