import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';

/**
 * The two structures that keep lists cheap on 100,000 rows, for one table with `search_text`:
 * - a substring index of `search_text`: SQLite FTS5 with the trigram tokenizer (an external-content
 *   table `<table>_fts`), PostgreSQL pg_trgm with a GIN index;
 * - an exact row counter in `row_counts`, so an unfiltered page does not count every row.
 * Both are kept in step by triggers on the table, so every writer (the resource pipeline that maintains
 * `search_text`, bespoke routes, cascaded deletes, the bench's bulk seeds) keeps them right.
 * Shared by migration 0011 and the start-up check (tables that a later migration or a test adds).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const ftsTableOf = (table: string) => `${table}_fts`;

/** Tables that have a `search_text` column: the ones the resource lists search. */
export async function tablesWithSearchText(k: AnyDb, dialect: DialectName): Promise<string[]> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ t: string }>`select table_name as t from information_schema.columns
      where table_schema = current_schema() and column_name = 'search_text' order by table_name`.execute(k);
    return rows.map((r) => r.t);
  }
  const { rows } = await sql<{ t: string }>`select m.name as t from sqlite_master m join pragma_table_info(m.name) c
    where m.type = 'table' and c.name = 'search_text' order by m.name`.execute(k);
  return rows.map((r) => r.t);
}

export async function createRowCounts(k: AnyDb, dialect: DialectName): Promise<void> {
  await sql`create table if not exists row_counts (table_name text primary key, n bigint not null)`.execute(k);
  if (dialect === 'postgres') {
    // One function for every table: statement-level with transition tables, so a bulk insert of
    // 100,000 rows moves the counter once, and TRUNCATE (with CASCADE too) resets it.
    await sql`create or replace function row_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update row_counts set n = n + (select count(*) from new_rows) where table_name = tg_table_name;
        elsif tg_op = 'DELETE' then
          update row_counts set n = n - (select count(*) from old_rows) where table_name = tg_table_name;
        else
          update row_counts set n = 0 where table_name = tg_table_name;
        end if;
        return null;
      end $$`.execute(k);
  }
}

/** Which of `tables` have their rows counted in `row_counts`, in one query (the start-up check asks for all). */
export async function tablesWithRowCounter(k: AnyDb, tables: string[]): Promise<Set<string>> {
  if (!tables.length) return new Set();
  const { rows } = await sql<{
    t: string;
  }>`select table_name as t from row_counts where table_name in (${sql.join(tables)})`.execute(k);
  return new Set(rows.map((r) => r.t));
}

/** Counter triggers and the current count; run in a transaction with no concurrent writer (start-up). */
export async function addRowCounter(k: AnyDb, dialect: DialectName, table: string): Promise<void> {
  const t = sql.table(table);
  const name = (suffix: string) => sql.ref(`${table}_count_${suffix}`);
  if (dialect === 'postgres') {
    // `or replace`: two instances starting together may both add them.
    await sql`create or replace trigger ${name('ins')} after insert on ${t} referencing new table as new_rows for each statement execute function row_counts_keep()`.execute(
      k,
    );
    await sql`create or replace trigger ${name('del')} after delete on ${t} referencing old table as old_rows for each statement execute function row_counts_keep()`.execute(
      k,
    );
    await sql`create or replace trigger ${name('trunc')} after truncate on ${t} for each statement execute function row_counts_keep()`.execute(
      k,
    );
  } else {
    await sql`create trigger if not exists ${name('ins')} after insert on ${t} begin update row_counts set n = n + 1 where table_name = ${sql.lit(table)}; end`.execute(
      k,
    );
    await sql`create trigger if not exists ${name('del')} after delete on ${t} begin update row_counts set n = n - 1 where table_name = ${sql.lit(table)}; end`.execute(
      k,
    );
  }
  // `where true`: SQLite would read `on conflict` as part of the select.
  await sql`insert into row_counts (table_name, n) select ${table}, count(*) from ${t} where true on conflict (table_name) do nothing`.execute(
    k,
  );
}

/** The schema pg_trgm is installed in, or undefined when it is not. */
async function trigramSchema(k: AnyDb): Promise<string | undefined> {
  const { rows } = await sql<{
    s: string;
  }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
    k,
  );
  return rows[0]?.s;
}

/**
 * Installs pg_trgm (in `public`, so that dropping a test's schema never drops it for the others) when it
 * is not there yet. Answers its schema, or undefined with the reason when it cannot be installed: search
 * then still works, by scanning.
 */
export async function ensureTrigram(k: AnyDb): Promise<{ schema?: string; reason?: string }> {
  const found = await trigramSchema(k);
  if (found) return { schema: found };
  // A savepoint: inside the migration's transaction a refused CREATE EXTENSION must not abort the rest.
  await sql`savepoint trigram`.execute(k);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(k);
    await sql`release savepoint trigram`.execute(k);
  } catch (error) {
    await sql`rollback to savepoint trigram`.execute(k);
    // Two servers installing it at once: the other one won.
    const other = await trigramSchema(k);
    if (other) return { schema: other };
    return { reason: error instanceof Error ? error.message : String(error) };
  }
  return { schema: await trigramSchema(k) };
}

/** Whether the table has its substring index (the same question as below, for one table). */
export async function hasSearchIndex(k: AnyDb, dialect: DialectName, table: string): Promise<boolean> {
  return (await tablesWithSearchIndex(k, dialect, [table])).has(table);
}

/** Which of `tables` have their substring index, in one query (the start-up check asks for all). */
export async function tablesWithSearchIndex(k: AnyDb, dialect: DialectName, tables: string[]): Promise<Set<string>> {
  if (!tables.length) return new Set();
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = current_schema() and indexname in (${sql.join(tables.map((t) => `${t}_search_trgm`))})`.execute(
      k,
    );
    const names = new Set(rows.map((r) => r.name));
    return new Set(tables.filter((t) => names.has(`${t}_search_trgm`)));
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and name in (${sql.join(tables.map(ftsTableOf))})`.execute(k);
  const names = new Set(rows.map((r) => r.name));
  return new Set(tables.filter((t) => names.has(ftsTableOf(t))));
}

/** The substring index of a table's `search_text`, filled from the rows already there. */
export async function addSearchIndex(k: AnyDb, dialect: DialectName, table: string, trigram?: string): Promise<void> {
  const t = sql.table(table);
  if (dialect === 'postgres') {
    if (!trigram) return;
    await sql`create index if not exists ${sql.ref(`${table}_search_trgm`)} on ${t} using gin (search_text ${sql.ref(trigram)}.gin_trgm_ops)`.execute(
      k,
    );
    return;
  }
  const fts = sql.table(ftsTableOf(table));
  const name = (suffix: string) => sql.ref(`${table}_fts_${suffix}`);
  await sql`create virtual table if not exists ${fts} using fts5(search_text, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
    k,
  );
  // External content: the index is told the old text to remove before the new one is added.
  await sql`create trigger if not exists ${name('ai')} after insert on ${t} begin
    insert into ${fts} (rowid, search_text) values (new.id, new.search_text); end`.execute(k);
  await sql`create trigger if not exists ${name('ad')} after delete on ${t} begin
    insert into ${fts} (${fts}, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(k);
  await sql`create trigger if not exists ${name('au')} after update of search_text on ${t} when old.search_text is not new.search_text begin
    insert into ${fts} (${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into ${fts} (rowid, search_text) values (new.id, new.search_text); end`.execute(k);
  await sql`insert into ${fts} (${fts}) values ('rebuild')`.execute(k);
}
