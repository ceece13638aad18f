import path from 'node:path';
import { buildApp } from './app';
import { localStorage } from './storage/storage';
import { s3Storage } from './storage/s3';
import { ConfigError, loadConfig } from './config';
import { openDb } from './db/connection';
import { migrateToLatest } from './db/migrator';
import { seedDemoSchool } from './seed/demo';
import { missingColumns } from './db/schema-check';
import { syncSearchIndexes } from './crud/search-index';
import { resources } from '../resources';

async function main() {
  const config = loadConfig();
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(db);
  const missing = await missingColumns(db, resources);
  if (missing.length > 0) {
    throw new Error(`Campos configurados sem coluna no banco (falta uma migração?): ${missing.join(', ')}`);
  }
  const seeded = config.seedDemo ? await seedDemoSchool(db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword }) : false;
  await syncSearchIndexes(db, resources);

  const app = await buildApp({
    db,
    tokenTtlHours: config.tokenTtlHours,
    loginRateLimit: config.loginRateLimit,
    trustProxy: config.trustProxy,
    staticDir: config.staticDir,
    logger: { level: config.logLevel },
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    appUrl: config.appUrl,
    publicRateLimit: config.publicRateLimit,
    cep: config.cep,
    storage: config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'storage')),
  });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting connections and waits for requests in flight before resolving.
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite em ${config.dataDir}/secretaria.db`;
  const url = `http://localhost:${config.port}`;
  const files = config.s3 ? `S3, bucket ${config.s3.bucket}${config.s3.prefix ? `/${config.s3.prefix}` : ''}` : `${config.dataDir}/storage`;
  const lines = [`Secretaria pronta em ${url}`, `Banco de dados: ${where}`, `Arquivos: ${files}`];
  if (seeded) lines.push('Escola de demonstração criada.');
  if (config.adminFromDefaults) {
    lines.push(`Acesso de demonstração: ${config.adminEmail} / ${config.adminPassword}  (defina ADMIN_EMAIL e ADMIN_PASSWORD para trocar)`);
  } else {
    lines.push(`Acesso do administrador: ${config.adminEmail} (senha de ADMIN_PASSWORD)`);
  }
  process.stdout.write(`\n${lines.map((l) => `  ${l}`).join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Falha ao iniciar: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
