import { buildApp } from '../../../server/app';
import { openDb } from '../../../server/db/connection';
import { localStorage } from '../../../server/storage/storage';

/**
 * A server process for tests/api/nfse-sigkill.test.ts: on the test's database and file storage, in one slot across
 * its restarts, running the `nfse.issue` jobs against the fake Sefin Nacional (NFSE_SEFIN_URL, trusting NFSE_CA), with
 * the school's A1 opened by NFSE_KEY. It waits long for the service's answer: the test kills it while it waits.
 */
async function main() {
  const env = process.env;
  const db = env.NFSE_PG_URL
    ? openDb({ databaseUrl: env.NFSE_PG_URL, dataDir: '', pgSchema: env.NFSE_PG_SCHEMA, poolSize: 2 })
    : openDb({ dataDir: env.NFSE_SQLITE_DIR! });
  const app = await buildApp({
    db,
    tokenTtlHours: 1,
    storage: localStorage(env.NFSE_STORAGE_DIR!),
    encryptionKey: Buffer.from(env.NFSE_KEY!, 'hex'),
    nfse: { sefinUrl: env.NFSE_SEFIN_URL, ca: env.NFSE_CA, timeoutMs: 120_000 },
    jobs: { slot: 'escola:nfse-filho', pollMs: 50, backoff: { baseMs: 100, maxMs: 400 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write('ouvindo\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
