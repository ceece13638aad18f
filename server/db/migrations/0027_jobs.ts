import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The job runner's tables (server/jobs): one-off jobs (`jobs`) and recurring tasks (`job_schedules`). Both are
 * claimed by one atomic UPDATE that sets a lease (`locked_by`, `locked_until`), so any number of instances on one
 * database share them; a lease that runs out (its instance died) lets another instance take the work over.
 */
export const jobs: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const at = timestampType(ctx);
    await withTimestamps(
      withId(db.schema.createTable('jobs'), ctx)
        .addColumn('kind', 'varchar(80)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
        // Unique when given: enqueueing the same key twice makes one job.
        .addColumn('key', 'varchar(200)', (c) => c.unique())
        // pending | running | done | failed
        .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', at, (c) => c.notNull())
        .addColumn('locked_by', 'varchar(40)')
        .addColumn('locked_until', at)
        .addColumn('last_error', 'text')
        .addColumn('finished_at', at),
      ctx,
    ).execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

    await withTimestamps(
      db.schema
        .createTable('job_schedules')
        .addColumn('kind', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('label', 'varchar(120)')
        .addColumn('interval_ms', 'bigint', (c) => c.notNull())
        .addColumn('next_run_at', at, (c) => c.notNull())
        .addColumn('locked_by', 'varchar(40)')
        .addColumn('locked_until', at)
        .addColumn('last_started_at', at)
        .addColumn('last_finished_at', at)
        .addColumn('last_duration_ms', 'integer')
        // The last run's error; null after a run that went well.
        .addColumn('last_error', 'text')
        .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0)),
      ctx,
    ).execute();
  },
};
