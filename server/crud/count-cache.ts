import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { dynamic, type Db } from '../db/connection';

/**
 * Exact totals of searched lists, remembered per table. Paging through a search asks the same count on
 * every page, and a common word costs that count most of the request.
 *
 * A total stays exact while the table's existing rows have not changed: `row_counts.changed` (moved by
 * triggers on UPDATE, DELETE and TRUNCATE, change-counts.ts) is the same as when it was counted. Rows
 * inserted since then are counted on their own — those with an id above the largest one counted — and
 * added. When the rows above that id are not all the rows inserted since (on PostgreSQL a transaction
 * can commit a smaller id later), the search is counted again. Every number is read in the same
 * statement as the count it goes with, so they describe the same rows.
 */

const MAX_ENTRIES = 500;

interface Counted {
  total: number;
  /** `row_counts.n` and `row_counts.changed` when counted, and the largest id then. */
  rows: number;
  changed: number;
  maxId: number;
}

const caches = new WeakMap<Db, Map<string, Counted>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CountQuery = SelectQueryBuilder<any, any, { total: number }>;

/** `row_counts.n` and `row_counts.changed` of a table as read by a list's page query (null: no counter). */
export interface Counters {
  rows: number | null;
  changed: number | null;
}

/** Column aliases a page query reads the counters under, so a list asks them in the same round trip. */
export const COUNTER_COLUMNS = { rows: '__rows', changed: '__changed' } as const;

const rowsOf = (table: string) => sql<number>`(select n from row_counts where table_name = ${table})`;
const changedOf = (table: string) => sql<number>`(select changed from row_counts where table_name = ${table})`;

/** The two counters of `table` as scalar subqueries, for a page query's select list. */
export const counterSelections = (table: string) => [
  rowsOf(table).as(COUNTER_COLUMNS.rows),
  changedOf(table).as(COUNTER_COLUMNS.changed),
];

export interface CountOf {
  /** The table whose rows the query counts (the one `row_counts` has a line for). */
  table: string;
  /** `select count(*) as total …` over that table (or its FTS index). */
  query: CountQuery;
  /** The same search over the table aliased `r`, row by row (SearchPlan.scan), to count the rows added. */
  scan: RawBuilder<SqlBool>;
  /** The counters, when the list's page query already read them: a remembered total costs no query then. */
  known?: Counters;
}

function cacheOf(db: Db): Map<string, Counted> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function remember(cache: Map<string, Counted>, key: string, counted: Counted): void {
  // Most recently used last, so the oldest is the one dropped.
  cache.delete(key);
  cache.set(key, counted);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/** A search's total: remembered, plus the rows inserted since; or counted again. */
export async function cachedCount(db: Db, { table, query, scan, known }: CountOf): Promise<number> {
  // Inside a transaction its own writes are not yet anyone's: count them, remember nothing.
  if (db.kysely.isTransaction) return Number((await query.executeTakeFirst())?.total ?? 0);
  const t = sql.table(table);
  const rowsNow = rowsOf(table);
  const changedNow = changedOf(table);
  const maxIdNow = sql<number>`(select max(id) from ${t})`;
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit) {
    const now =
      known ?? (await sql<Counters>`select ${rowsNow} as rows, ${changedNow} as changed`.execute(db.kysely)).rows[0];
    if (now && now.changed !== null && Number(now.changed) === hit.changed) {
      // Nothing changed or removed, and no row added: the same total.
      if (Number(now.rows) === hit.rows) {
        remember(cache, key, hit);
        return hit.total;
      }
      // Rows were added: only those above the largest id counted, checked one by one.
      const added = await dynamic(db)
        .selectFrom(`${table} as r`)
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          rowsNow.as('rows'),
          changedNow.as('changed'),
          maxIdNow.as('max_id'),
          sql<number>`(select count(*) from ${t} where id > ${hit.maxId})`.as('inserted'),
        ])
        .where('r.id', '>', hit.maxId)
        .where(scan)
        .executeTakeFirst();
      if (added && Number(added.changed) === hit.changed && Number(added.rows) - hit.rows === Number(added.inserted)) {
        const counted = {
          total: hit.total + Number(added.total),
          rows: Number(added.rows),
          changed: hit.changed,
          maxId: Number(added.max_id ?? 0),
        };
        remember(cache, key, counted);
        return counted.total;
      }
    }
  }
  const row = await query
    .select([rowsNow.as('rows'), changedNow.as('changed'), maxIdNow.as('max_id')])
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  // A table without a counter (none yet): nothing tells when the total goes stale.
  if (row?.rows === null || row?.rows === undefined || row.changed === null) {
    cache.delete(key);
    return total;
  }
  remember(cache, key, { total, rows: Number(row.rows), changed: Number(row.changed), maxId: Number(row.max_id ?? 0) });
  return total;
}
