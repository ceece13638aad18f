import { buildApp } from '../../../server/app';
import { openDb } from '../../../server/db/connection';
import { localStorage } from '../../../server/storage/storage';

/**
 * A server process for tests/api/imports-sigkill.test.ts: on the test's database and file storage, running one-off
 * jobs (the import) with a short lease, so that another instance takes over soon after the test kills this one.
 */
async function main() {
  const env = process.env;
  const db = env.IMPORT_PG_URL
    ? openDb({ databaseUrl: env.IMPORT_PG_URL, dataDir: '', pgSchema: env.IMPORT_PG_SCHEMA, poolSize: 2 })
    : openDb({ dataDir: env.IMPORT_SQLITE_DIR! });
  const app = await buildApp({
    db,
    tokenTtlHours: 1,
    storage: localStorage(env.IMPORT_STORAGE_DIR!),
    jobs: { slot: 'escola:importacao-filho', pollMs: 50, leaseMs: 2_000 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write('ouvindo\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
