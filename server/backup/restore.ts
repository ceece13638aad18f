import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { users } from '../../resources/users';
import type { Db, DialectName } from '../db/connection';
import { migrations } from '../db/migrations';
import { migrateToLatest, migrateUpTo } from '../db/migrator';
import { isStorageKey, type Storage } from '../storage/storage';
import { linesOf, readArchive, type ArchiveEntry } from './archive';
import {
  BackupError,
  columnValue,
  fileEntry,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  tableEntry,
  type Manifest,
} from './format';
import { appliedMigrations, tablesOf, type Table } from './tables';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Bound values per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const VALUES_PER_INSERT = 10_000;

export interface RestoreOptions {
  /** Replace a database that already holds a school (its rows are deleted; its stored files stay). */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  /** Migrations of this version applied after the backup's rows were in (a backup of an older version). */
  migratedAfter: string[];
}

async function readManifest(entry: ArchiveEntry | undefined): Promise<Manifest> {
  if (entry?.name !== MANIFEST)
    throw new BackupError('O arquivo não é uma cópia do Secretaria (falta o manifest.json).');
  let manifest: Manifest;
  try {
    manifest = JSON.parse((await entry.whole()).toString('utf8')) as Manifest;
  } catch {
    throw new BackupError('O manifest.json da cópia não é um JSON válido.');
  }
  if (manifest?.format !== FORMAT || manifest.version !== FORMAT_VERSION)
    throw new BackupError(`Formato de cópia desconhecido (${manifest?.format} ${manifest?.version}).`);
  return manifest;
}

/** The backup's schema must be this code's, or an earlier one of it. */
function checkVersion(manifest: Manifest): void {
  const shipped = Object.keys(migrations).sort();
  const last = manifest.migrations.at(-1);
  const unknown = manifest.migrations.find((name, i) => shipped[i] !== name);
  if (!last) throw new BackupError('A cópia não diz a versão do banco (nenhuma migração).');
  if (unknown && !shipped.includes(unknown))
    throw new BackupError(
      `A cópia é de uma versão mais nova do Secretaria (migração ${unknown}, esta versão vai até ${shipped.at(-1)}): ` +
        'atualize o Secretaria antes de restaurá-la.',
    );
  if (unknown) throw new BackupError(`As migrações da cópia não são as desta versão do Secretaria (${unknown}).`);
}

/** A school's people: accounts anyone signs in with (the provider's system user is made by the migrations). */
async function accountsIn(k: AnyDb): Promise<number> {
  const fixed = users.fixedRows?.ids ?? [];
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from users
    where id not in (${sql.join(fixed.length ? fixed : [-1])})`.execute(k);
  return Number(rows[0]?.n ?? 0);
}

/** Where the target stands: migrated up to the backup's version, and empty unless told to replace it. */
async function prepareTarget(db: Db, manifest: Manifest, force: boolean): Promise<void> {
  const applied = await appliedMigrations(db.kysely as unknown as AnyDb, db.dialect);
  const ahead = applied.find((name, i) => manifest.migrations[i] !== name);
  if (ahead)
    throw new BackupError(
      `O banco de destino está numa versão mais nova que a da cópia (migração ${ahead}; a cópia vai até ` +
        `${manifest.migrations.at(-1)}): restaure num banco novo, sem tabelas.`,
    );
  if (applied.length) {
    const accounts = await accountsIn(db.kysely as unknown as AnyDb);
    if (accounts && !force)
      throw new BackupError(
        `O banco de destino já tem dados (${accounts} ${accounts === 1 ? 'usuário' : 'usuários'}). A restauração apagaria ` +
          'tudo e poria a cópia no lugar: para isso, repita o comando com --force.',
      );
  }
  if (applied.length < manifest.migrations.length) await migrateUpTo(db, manifest.migrations.at(-1)!);
}

/** Each table of the backup exists here with each of its columns. */
function checkTables(manifest: Manifest, tables: Map<string, Table>): void {
  for (const { name, columns } of manifest.tables) {
    const table = tables.get(name);
    if (!table) throw new BackupError(`A tabela ${name} da cópia não existe neste banco.`);
    const missing = columns.filter((c) => !table.columns.some((t) => t.name === c));
    if (missing.length) throw new BackupError(`A tabela ${name} deste banco não tem as colunas ${missing.join(', ')}.`);
  }
  for (const { key } of manifest.files)
    if (!isStorageKey(key)) throw new BackupError(`Nome de arquivo inesperado na cópia: ${key.slice(0, 80)}`);
}

async function loadTable(k: AnyDb, dialect: DialectName, table: Table, columns: string[], entry: ArchiveEntry) {
  const types = columns.map((c) => table.columns.find((t) => t.name === c)!.type);
  const batch = Math.max(1, Math.floor(VALUES_PER_INSERT / columns.length));
  let rows: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    if (rows.length) await k.insertInto(table.name).values(rows).execute();
    rows = [];
  };
  for await (const line of linesOf(entry)) {
    let values: unknown[];
    try {
      values = JSON.parse(line) as unknown[];
    } catch {
      throw new BackupError(`Linha ${count + 1} de ${table.name} não é um JSON válido.`);
    }
    if (!Array.isArray(values) || values.length !== columns.length)
      throw new BackupError(`Linha ${count + 1} de ${table.name} não tem as ${columns.length} colunas do manifesto.`);
    rows.push(Object.fromEntries(columns.map((c, i) => [c, columnValue(values[i], types[i]!, dialect)])));
    count++;
    if (rows.length >= batch) await flush();
  }
  await flush();
  return count;
}

/** PostgreSQL: each `serial` continues after the restored ids (SQLite's AUTOINCREMENT follows by itself). */
async function resetSequences(k: AnyDb, tables: Table[]): Promise<void> {
  for (const { name, serial } of tables) {
    if (!serial) continue;
    await sql`select setval(pg_get_serial_sequence(${name}, ${serial}), coalesce(max(${sql.ref(serial)}), 0) + 1, false)
      from ${sql.table(name)}`.execute(k);
  }
}

/**
 * Restores a backup made by makeBackup into `db` and `storage`: on SQLite or PostgreSQL, whichever it was made
 * from. The database must be new (no tables, or migrated with no accounts) unless `force`; its version must be
 * the backup's or an earlier one. Every row goes in one transaction — on any error nothing is changed — and
 * the stored files are written before it commits. A backup of an earlier version is then migrated.
 */
export async function restoreBackup(
  db: Db,
  storage: Storage,
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  if (!fs.existsSync(file)) throw new BackupError(`${file} não existe.`);
  const entries = readArchive(file);
  try {
    const manifest = await readManifest((await entries.next()).value || undefined);
    checkVersion(manifest);
    await prepareTarget(db, manifest, options.force ?? false);
    const present = await tablesOf(db.kysely as unknown as AnyDb, db.dialect);
    const tables = new Map(present.map((t) => [t.name, t]));
    checkTables(manifest, tables);

    let rows = 0;
    await db.kysely.transaction().execute(async (trx) => {
      const k = trx as unknown as AnyDb;
      // Children before parents; the triggers empty the counters and the search index with them.
      for (const table of [...present].reverse()) await k.deleteFrom(table.name).execute();
      const expected = [
        ...manifest.tables.map((t) => tableEntry(t.name)),
        ...manifest.files.map((f) => fileEntry(f.key)),
      ];
      let next = 0;
      for await (const entry of entries) {
        if (entry.name !== expected[next]) throw new BackupError(`Entrada inesperada na cópia: ${entry.name}.`);
        if (next < manifest.tables.length) {
          const { name, columns, rows: count } = manifest.tables[next]!;
          const loaded = await loadTable(k, db.dialect, tables.get(name)!, columns, entry);
          if (loaded !== count) throw new BackupError(`${name}: ${loaded} linhas na cópia, o manifesto diz ${count}.`);
          rows += loaded;
          log(`${name}: ${loaded} ${loaded === 1 ? 'linha' : 'linhas'}`);
        } else {
          const { key, size, sha256 } = manifest.files[next - manifest.tables.length]!;
          const content = await entry.whole();
          if (content.length !== size || createHash('sha256').update(content).digest('hex') !== sha256)
            throw new BackupError(`O arquivo ${key} da cópia está corrompido.`);
          await storage.write(key, content);
        }
        next++;
      }
      if (next < expected.length) throw new BackupError(`A cópia está incompleta: falta ${expected[next]}.`);
      log(`arquivos: ${manifest.files.length}`);
      if (db.dialect === 'postgres') await resetSequences(k, present);
    });
    const migratedAfter = await migrateToLatest(db);
    return { manifest, rows, migratedAfter };
  } finally {
    await entries.return(undefined);
  }
}
