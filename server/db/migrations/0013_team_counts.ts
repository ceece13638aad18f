import type { Kysely } from 'kysely';
import { addTeamCounts } from '../team-counts';
import type { AppMigration, MigrationContext } from './helpers';

/** Enrolments per team kept by triggers (team-counts.ts), for the dashboard's chart; filled from the rows there. */
export const teamCounts: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await addTeamCounts(db, ctx.dialect);
  },
};
