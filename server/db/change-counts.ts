import { sql, type Kysely } from 'kysely';
import type { DialectName } from './connection';

/**
 * `row_counts.changed`: how many times a table's existing rows were changed or removed (UPDATE, DELETE,
 * TRUNCATE), kept by triggers like `row_counts.n`. Inserts do not move it. A search's remembered total
 * (crud/count-cache.ts) stays exact while it has not moved: only the rows added since then are counted,
 * instead of every row the search finds. Added by migration 0014; the start-up check adds the triggers
 * to tables counted later (search-index.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function addChangeCounting(k: AnyDb, dialect: DialectName): Promise<void> {
  await sql`alter table row_counts add column changed bigint not null default 0`.execute(k);
  if (dialect === 'postgres') {
    // The function of migration 0011, now also counting changes; statement-level, so a bulk UPDATE moves
    // `changed` once (and a statement that touched no row moves it too: harmless, a total is counted again).
    await sql`create or replace function row_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update row_counts set n = n + (select count(*) from new_rows) where table_name = tg_table_name;
        elsif tg_op = 'DELETE' then
          update row_counts set n = n - (select count(*) from old_rows), changed = changed + 1 where table_name = tg_table_name;
        elsif tg_op = 'UPDATE' then
          update row_counts set changed = changed + 1 where table_name = tg_table_name;
        else
          update row_counts set n = 0, changed = changed + 1 where table_name = tg_table_name;
        end if;
        return null;
      end $$`.execute(k);
  }
  const { rows } = await sql<{ t: string }>`select table_name as t from row_counts order by table_name`.execute(k);
  for (const { t } of rows) await addChangeTriggers(k, dialect, t);
}

/** The triggers that move `row_counts.changed` for one counted table. */
export async function addChangeTriggers(k: AnyDb, dialect: DialectName, table: string): Promise<void> {
  const t = sql.table(table);
  const name = (suffix: string) => sql.ref(`${table}_count_${suffix}`);
  if (dialect === 'postgres') {
    // DELETE and TRUNCATE already go through row_counts_keep (migration 0011's triggers).
    await sql`create or replace trigger ${name('upd')} after update on ${t} for each statement execute function row_counts_keep()`.execute(
      k,
    );
    return;
  }
  await sql`create trigger if not exists ${name('upd')} after update on ${t} begin update row_counts set changed = changed + 1 where table_name = ${sql.lit(table)}; end`.execute(
    k,
  );
  await sql`create trigger if not exists ${name('chg')} after delete on ${t} begin update row_counts set changed = changed + 1 where table_name = ${sql.lit(table)}; end`.execute(
    k,
  );
}
