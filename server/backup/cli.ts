import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDb } from '../db/connection';
import { s3Storage } from '../storage/s3';
import { localStorage } from '../storage/storage';
import { makeBackup } from './backup';
import { BackupError } from './format';
import { restoreBackup } from './restore';

/**
 * `npm run backup -- <arquivo>` and `npm run restore -- <arquivo> [--force]`: the database and the files of
 * the configured install (the same environment variables as the server's), into or out of one .tar.gz.
 */

const USAGE = 'Uso: npm run backup -- <arquivo.tar.gz>\n     npm run restore -- <arquivo.tar.gz> [--force]';

async function run(argv: string[]): Promise<void> {
  const [mode, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if ((mode !== 'backup' && mode !== 'restore') || files.length !== 1 || (force && mode === 'backup'))
    throw new BackupError(USAGE);
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  // Opening a SQLite file that is not there would create an empty one: a wrong DATA_DIR is said instead.
  if (mode === 'backup' && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'secretaria.db')))
    throw new BackupError(
      `Não há banco de dados em ${config.dataDir} (secretaria.db): confira DATA_DIR ou DATABASE_URL.`,
    );
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'storage'));
  const where = `${config.databaseUrl ? 'PostgreSQL' : `SQLite em ${config.dataDir}`}; arquivos ${
    config.s3 ? `no bucket ${config.s3.bucket}${config.s3.prefix ? `/${config.s3.prefix}` : ''}` : 'em DATA_DIR/storage'
  }`;
  const log = (line: string) => process.stdout.write(`  ${line}\n`);
  try {
    if (mode === 'backup') {
      process.stdout.write(`Copiando (${where})…\n`);
      const manifest = await makeBackup(db, storage, file, { log });
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      process.stdout.write(
        `Cópia gravada em ${file}: ${manifest.tables.length} tabelas, ${rows} linhas, ${manifest.files.length} arquivos ` +
          `(migração ${manifest.migrations.at(-1)}).\n`,
      );
    } else {
      process.stdout.write(`Restaurando ${file} (${where})…\n`);
      const { manifest, rows, migratedAfter } = await restoreBackup(db, storage, file, { force, log }).catch(
        (error: unknown) => {
          if (error instanceof BackupError) throw error;
          // Every row goes in one transaction: a failure leaves the database's rows as they were.
          throw new BackupError(`A restauração falhou e nenhuma linha do banco foi alterada: ${String(error)}`);
        },
      );
      process.stdout.write(
        `Cópia de ${manifest.created_at} restaurada: ${rows} linhas, ${manifest.files.length} arquivos.` +
          (migratedAfter.length ? ` Migrações aplicadas depois: ${migratedAfter.join(', ')}.` : '') +
          '\n',
      );
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  process.stderr.write(`${known ? (error as Error).message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
