import { sql, type Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Spreadsheet imports (issue 37): one row per file sent to `POST /api/imports`, its preview or its run in the job
 * runner. `done` counts the data rows already written and is moved in the same transaction as each chunk of them,
 * so a run taken over after its instance died goes on from there (`resumed` says how many times it did).
 * `errors` is a JSON list of at most a few hundred `{line, column, message}`; `error_count` is how many there were.
 * The new permission `imports.run` is given to Administração, which holds every permission.
 */
export const imports: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const at = timestampType(ctx);
    await withTimestamps(
      withId(db.schema.createTable('imports'), ctx)
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        // preview | queued | running | done | failed
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        // The uploaded file, kept by the storage (server/storage) under a key the server made.
        .addColumn('file_key', 'varchar(200)')
        .addColumn('file_name', 'varchar(200)')
        .addColumn('dry_run', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('only_valid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('resumed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('finished_at', at),
      ctx,
    ).execute();
    await db.schema.createIndex('imports_created_at').on('imports').column('created_at').execute();
    await sql`insert into role_permissions (role_id, permission)
      select id, 'imports.run' from roles where key = 'administracao'`.execute(db);
  },
};
