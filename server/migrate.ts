import { ConfigError, loadConfig } from './config';
import { COMMAND_BUSY_TIMEOUT_MS, openDb } from './db/connection';
import { migrateToLatest } from './db/migrator';

/** `npm run migrate`: brings the configured database to the latest migration and exits. */
async function run() {
  const config = loadConfig();
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    busyTimeoutMs: COMMAND_BUSY_TIMEOUT_MS,
  });
  try {
    const applied = await migrateToLatest(db);
    process.stdout.write(
      applied.length ? `Migrações aplicadas: ${applied.join(', ')}\n` : 'Banco de dados já está atualizado.\n',
    );
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
