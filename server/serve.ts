import path from 'node:path';
import { buildApp } from './app';
import { localStorage } from './storage/storage';
import { s3Storage } from './storage/s3';
import { ConfigError, DEMO_ADMIN_EMAIL, loadConfig } from './config';
import { COMMAND_BUSY_TIMEOUT_MS, openDb, SERVING_BUSY_TIMEOUT_MS, setBusyTimeout } from './db/connection';
import { migrateToLatest } from './db/migrator';
import { seedDemoSchool } from './seed/demo';
import { adminAccessHint, resetAdminPassword } from './seed/accounts';
import { missingColumns } from './db/schema-check';
import { syncSearchIndexes } from './crud/search-index';
import { resources } from '../resources';
import { installShutdown } from './shutdown';
import { closeWorkers, configureWorkers } from './workers/pool';

async function main() {
  const config = loadConfig();
  // Starting (migrations, the seed, --nova-senha-admin) may wait for another process's lock; serving may not.
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    busyTimeoutMs: COMMAND_BUSY_TIMEOUT_MS,
  });
  const applied = await migrateToLatest(db);
  const missing = await missingColumns(db, resources);
  if (missing.length > 0) {
    throw new Error(`Campos configurados sem coluna no banco (falta uma migração?): ${missing.join(', ')}`);
  }
  if (process.argv.includes('--nova-senha-admin')) {
    // A one-off command: the operator lost the administrator's password (or wants ADMIN_PASSWORD applied).
    const generated = await resetAdminPassword(db, config.adminEmail, config.adminPassword);
    await db.destroy();
    const password = generated ? `nova senha: ${generated}` : 'senha de ADMIN_PASSWORD';
    process.stdout.write(
      `\n  Acesso do administrador: ${config.adminEmail} (${password}). As sessões abertas dessa conta foram encerradas.\n\n`,
    );
    return;
  }
  const first = await seedDemoSchool(db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: config.seedDemo,
  });
  await syncSearchIndexes(db, resources);
  await setBusyTimeout(db, SERVING_BUSY_TIMEOUT_MS);

  const app = await buildApp({
    db,
    tokenTtlHours: config.tokenTtlHours,
    loginLimits: config.login,
    resetRateLimit: config.resetRateLimit,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    staticDir: config.staticDir,
    logger: { level: config.logLevel },
    pressure: { maxEventLoopDelayMs: config.maxEventLoopDelayMs },
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    appUrl: config.appUrl,
    notifyPollMs: config.notifyPollSeconds * 1000,
    // At SIGTERM the job in progress gets the same grace as the requests in flight.
    // The same slot after a restart: the leases its previous process held are released at start.
    jobs: {
      pollMs: config.jobsPollSeconds * 1000,
      graceMs: config.shutdownTimeoutSeconds * 1000,
      slot: config.instanceName,
    },
    // Every 15 minutes each instance asks the provider about payments pending for RECONCILE_AFTER_HOURS.
    reconcilePollMs: 15 * 60 * 1000,
    reconcileAfterMs: config.reconcileAfterHours * 60 * 60 * 1000,
    publicRateLimit: config.publicRateLimit,
    cep: config.cep,
    push: config.push,
    encryptionKey: config.encryptionKey,
    payments: config.payments,
    nfse: config.nfse,
    storage: config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'storage')),
  });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  // Only the code and PostgreSQL's own words: no connection string (it may hold the password).
  db.onConnectionLost?.((error) =>
    app.log.warn({ code: (error as { code?: string }).code, reason: error.message }, 'database connection lost'),
  );

  configureWorkers({ threads: config.reportThreads });
  installShutdown(app, {
    graceSeconds: config.shutdownTimeoutSeconds,
    release: () => Promise.all([closeWorkers(), db.destroy()]).then(() => undefined),
    log: app.log,
  });

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite em ${config.dataDir}/secretaria.db`;
  const url = `http://localhost:${config.port}`;
  const files = config.s3
    ? `S3, bucket ${config.s3.bucket}${config.s3.prefix ? `/${config.s3.prefix}` : ''}`
    : `${config.dataDir}/storage`;
  const payments = config.payments.accessToken
    ? 'Mercado Pago'
    : config.payments.sandbox
      ? 'simulação local (PAYMENTS_SANDBOX=true; nenhum dinheiro é cobrado)'
      : 'não configurados (sem MERCADOPAGO_ACCESS_TOKEN)';
  const lines = [
    `Secretaria pronta em ${url}`,
    `Banco de dados: ${where}`,
    `Arquivos: ${files}`,
    `Pagamentos: ${payments}`,
  ];
  if (first.demo) lines.push('Escola de demonstração criada.');
  if (first.generatedPassword) {
    lines.push(`Acesso do administrador: ${config.adminEmail} / ${first.generatedPassword}`);
    lines.push('  (senha gerada agora e mostrada só desta vez: anote-a ou troque-a em Administração > Usuários)');
  } else if (first.created) {
    lines.push(`Acesso do administrador: ${config.adminEmail} (senha de ADMIN_PASSWORD)`);
  } else {
    lines.push(await adminAccessHint(db, config.adminEmail, config.adminPassword));
  }
  if (config.adminEmail === DEMO_ADMIN_EMAIL && !config.seedDemo) {
    lines.push(
      `Sem ADMIN_EMAIL: o administrador é ${DEMO_ADMIN_EMAIL}, que não recebe e-mail. Numa instalação de verdade, defina NODE_ENV=production e ADMIN_EMAIL.`,
    );
  }
  if (!config.smtpUrl)
    lines.push('Sem SMTP_URL: os e-mails ficam na Caixa de saída e links de nova senha não são entregues.');
  if (!config.encryptionKey)
    lines.push(
      'Sem SECRETARIA_ENCRYPTION_KEY: a senha de uma importação do sistema anterior fica na memória desta instância (com várias instâncias, defina-a).',
    );
  process.stdout.write(`\n${lines.map((l) => `  ${l}`).join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Falha ao iniciar: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
