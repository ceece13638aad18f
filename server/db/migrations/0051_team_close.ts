import { sql, type Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/**
 * Closing a team at the end of the year (issue 38): from `closed_at` on, its grades, lessons and roll calls and
 * results refuse every change (409), and its make-ups are no longer open. `closed_by` says who closed it;
 * `reopen_reason` keeps why Administração last reopened it (the audit log keeps every reopening). Reopening is
 * the new permission `teams.reopen`, given to Administração only.
 */
export const teamClose: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema.alterTable('teams').addColumn('closed_at', timestampType(ctx)).execute();
    await db.schema
      .alterTable('teams')
      .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('teams').addColumn('reopen_reason', 'varchar(1000)').execute();
    await sql`insert into role_permissions (role_id, permission)
      select id, 'teams.reopen' from roles where key = 'administracao'`.execute(db);
  },
};
