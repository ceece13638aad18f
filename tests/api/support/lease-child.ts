import { buildApp } from '../../../server/app';
import { openDb } from '../../../server/db/connection';

/**
 * A server process for tests/api/job-leases.test.ts: in the slot LEASE_SLOT, on the test's database, with a recurring
 * task and a one-off job whose handlers never end (the test kills the process in the middle of them). Says on stdout
 * when it listens and when each handler starts.
 */
async function main() {
  const env = process.env;
  const db = env.LEASE_PG_URL
    ? openDb({ databaseUrl: env.LEASE_PG_URL, dataDir: '', pgSchema: env.LEASE_PG_SCHEMA, poolSize: 2 })
    : openDb({ dataDir: env.LEASE_SQLITE_DIR! });
  const app = await buildApp({ db, tokenTtlHours: 1, jobs: { slot: env.LEASE_SLOT, pollMs: 100 } });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const forever = () => new Promise<never>(() => {});
  app.jobs.every('teste.longa', 3_600_000, async () => {
    say('tarefa começou');
    await forever();
  });
  app.jobs.handle('teste.avulsa', async (_payload, ctx) => {
    say(`avulsa tentativa ${ctx.attempt}`);
    await forever();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  say('ouvindo');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
