import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/connection';

/**
 * The tables a backup copies, read from the database itself (so a table a new migration adds is copied
 * with no change here), in an order where every table comes after the tables it references.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Never copied: the migrator's own bookkeeping (the backup records the migration version instead), and the
 * tables that triggers keep from the others — counters, sums and SQLite's search index. Restoring the rows
 * of the other tables fills them again, exactly as the server's own writes do.
 */
const DERIVED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'row_counts',
  'monthly_counts',
  'team_counts',
  'receivable_sums',
]);
const SQLITE_SEARCH_INDEX = /_fts(_(config|data|docsize|idx|content))?$/;

export interface Column {
  name: string;
  /** The database's own word for the type, lower-case (`integer`, `text`, `timestamp with time zone`…). */
  type: string;
}

export interface Table {
  name: string;
  columns: Column[];
  /** The primary key's columns (all columns when there is none), for a stable order of the rows. */
  key: string[];
  /** PostgreSQL: the column whose sequence must follow the restored ids (`serial`). */
  serial?: string;
  references: string[];
}

/** Whether the migrator's table exists: a database no migration ever ran on has none. */
export async function isMigrated(k: AnyDb, dialect: DialectName): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`.execute(k)
      : await sql<{
          found: string | null;
        }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(k);
  return Boolean(rows[0]?.found);
}

/** The migrations applied to the database, in order (none on a database that was never migrated). */
export async function appliedMigrations(k: AnyDb, dialect: DialectName): Promise<string[]> {
  if (!(await isMigrated(k, dialect))) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(k);
  return rows.map((r) => r.name);
}

async function tableNames(k: AnyDb, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(k)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and substr(name, 1, 7) <> 'sqlite_'`.execute(k);
  return rows.map((r) => r.name).filter((name) => !DERIVED.has(name) && !SQLITE_SEARCH_INDEX.test(name));
}

async function describeSqlite(k: AnyDb, name: string): Promise<Omit<Table, 'name'>> {
  const { rows: info } = await sql<{
    name: string;
    type: string;
    pk: number;
  }>`select name, type, pk from pragma_table_info(${name}) order by cid`.execute(k);
  const { rows: fks } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(k);
  const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  return {
    columns: info.map((c) => ({ name: c.name, type: c.type.toLowerCase() })),
    key: (key.length ? key : info).map((c) => c.name),
    references: fks.map((f) => f.table),
  };
}

async function describePostgres(k: AnyDb, name: string): Promise<Omit<Table, 'name'>> {
  const { rows: info } = await sql<{ name: string; type: string; serial: boolean }>`
    select column_name as name, data_type as type, coalesce(column_default like 'nextval(%', false) as serial
    from information_schema.columns where table_schema = current_schema() and table_name = ${name}
    order by ordinal_position`.execute(k);
  const { rows: key } = await sql<{ name: string }>`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = to_regclass(${name}) and i.indisprimary
    order by array_position(i.indkey, a.attnum)`.execute(k);
  const { rows: fks } = await sql<{ table: string }>`
    select c.confrelid::regclass::text as "table" from pg_constraint c
    where c.contype = 'f' and c.conrelid = to_regclass(${name})`.execute(k);
  return {
    columns: info.map((c) => ({ name: c.name, type: c.type.toLowerCase() })),
    key: key.length ? key.map((c) => c.name) : info.map((c) => c.name),
    serial: info.find((c) => c.serial)?.name,
    // A table of another schema would be named with it; ours are found by their bare name.
    references: fks.map((f) => f.table.replace(/^.*\./, '').replace(/"/g, '')),
  };
}

/** The tables to copy, each after the tables it references (alphabetical among equals). */
export async function tablesOf(k: AnyDb, dialect: DialectName): Promise<Table[]> {
  const tables = new Map<string, Table>();
  for (const name of (await tableNames(k, dialect)).sort()) {
    const described = dialect === 'postgres' ? await describePostgres(k, name) : await describeSqlite(k, name);
    tables.set(name, { name, ...described });
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const place = (table: Table, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) throw new Error(`referências em ciclo entre as tabelas: ${path.join(' → ')}`);
    for (const parent of [...table.references].sort()) {
      const other = tables.get(parent);
      if (other && parent !== table.name) place(other, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables.values()) place(table, []);
  return ordered;
}
