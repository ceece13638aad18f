import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Db, DialectName } from '../db/connection';
import type { Storage } from '../storage/storage';
import { writeArchive, type EntrySource } from './archive';
import {
  BackupError,
  fileEntry,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  portable,
  tableEntry,
  type Manifest,
} from './format';
import { appliedMigrations, tablesOf, type Table } from './tables';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const PAGE = 1000;

/** A table's rows in key order, page by page, inside the snapshot's transaction. */
async function* rowsOf(k: AnyDb, dialect: DialectName, table: Table): AsyncGenerator<unknown[][]> {
  const query = table.key.reduce(
    (q, column) => q.orderBy(sql.ref(column)),
    k.selectFrom(table.name).select(table.columns.map((c) => c.name)),
  );
  const asArray = (row: Record<string, unknown>) => table.columns.map((c) => portable(row[c.name]));
  if (dialect === 'sqlite') {
    let page: unknown[][] = [];
    for await (const row of query.stream(PAGE)) {
      page.push(asArray(row as Record<string, unknown>));
      if (page.length >= PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
    return;
  }
  // PostgreSQL streams through a cursor of the snapshot's own transaction.
  const compiled = query.compile();
  await k.executeQuery(
    CompiledQuery.raw(`declare backup_rows no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
  );
  for (;;) {
    const { rows } = await k.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`fetch ${PAGE} from backup_rows`));
    if (!rows.length) break;
    yield rows.map(asArray);
  }
  await k.executeQuery(CompiledQuery.raw('close backup_rows'));
}

/** Writes a table's rows as JSON lines into `file`; answers how many. */
async function dumpTable(k: AnyDb, dialect: DialectName, table: Table, file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  let rows = 0;
  try {
    for await (const page of rowsOf(k, dialect, table)) {
      rows += page.length;
      if (!out.write(page.map((row) => `${JSON.stringify(row)}\n`).join(''))) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return rows;
}

async function* fileChunks(file: string): AsyncGenerator<Buffer> {
  yield* fs.createReadStream(file) as AsyncIterable<Buffer>;
}

export interface BackupOptions {
  /** Progress lines for the operator. */
  log?: (line: string) => void;
}

/**
 * A backup of the whole school at `file` (.tar.gz): every table's rows, read in one snapshot of the database,
 * and then every stored file. The database's rows are consistent among themselves; a file removed while the
 * files are copied is left out. Nothing is written at `file` until the whole backup is ready.
 */
export async function makeBackup(
  db: Db,
  storage: Storage,
  file: string,
  options: BackupOptions = {},
): Promise<Manifest> {
  const log = options.log ?? (() => {});
  if (fs.existsSync(file)) throw new BackupError(`${file} já existe: escolha outro nome para a cópia.`);
  const work = fs.mkdtempSync(path.join(path.dirname(path.resolve(file)), '.secretaria-copia-'));
  try {
    fs.mkdirSync(path.join(work, 'tables'));
    fs.mkdirSync(path.join(work, 'files'));
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: '',
      dialect: db.dialect,
      migrations: [],
      tables: [],
      files: [],
    };
    // One snapshot for every table: rows written while the backup runs are either all in it or all out.
    let snapshot = db.kysely.transaction();
    if (db.dialect === 'postgres') snapshot = snapshot.setIsolationLevel('repeatable read').setAccessMode('read only');
    await snapshot.execute(async (trx) => {
      const k = trx as unknown as AnyDb;
      manifest.created_at = new Date().toISOString();
      manifest.migrations = await appliedMigrations(k, db.dialect);
      if (!manifest.migrations.length)
        throw new BackupError('O banco de dados está vazio (sem migrações): nada a copiar.');
      for (const table of await tablesOf(k, db.dialect)) {
        const rows = await dumpTable(k, db.dialect, table, path.join(work, 'tables', table.name));
        manifest.tables.push({ name: table.name, columns: table.columns.map((c) => c.name), rows });
        log(`${table.name}: ${rows} ${rows === 1 ? 'linha' : 'linhas'}`);
      }
    });
    for await (const key of storage.keys()) {
      const content = await storage.get(key);
      if (!content) continue; // removed since it was listed
      const copy = path.join(work, 'files', key);
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, content);
      manifest.files.push({ key, size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
    }
    log(`arquivos: ${manifest.files.length}`);

    const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    const entries: EntrySource[] = [
      { name: MANIFEST, size: text.length, body: () => [text] },
      ...manifest.tables.map((t) => {
        const copy = path.join(work, 'tables', t.name);
        return { name: tableEntry(t.name), size: fs.statSync(copy).size, body: () => fileChunks(copy) };
      }),
      ...manifest.files.map((f) => {
        const copy = path.join(work, 'files', f.key);
        return { name: fileEntry(f.key), size: f.size, body: () => fileChunks(copy) };
      }),
    ];
    const partial = path.join(work, 'copia.tar.gz');
    await writeArchive(partial, entries);
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
