import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/connection';

/**
 * Exact totals of searched lists, remembered while the database has not changed. Paging through a
 * search asks the same count on every page, and a common word costs that count most of the request.
 *
 * "Has not changed" is a token the database gives cheaply and exactly:
 * - SQLite: the rows this connection changed (`total_changes()`, triggers and rolled-back writes
 *   included) and `data_version`, which moves when another connection commits;
 * - PostgreSQL: the current snapshot (xmin:xmax:running xids): the same snapshot sees the same rows.
 * Any write anywhere forgets every count: the cache is for reading, not a second copy to keep in step.
 */

const MAX_ENTRIES = 500;

const caches = new WeakMap<Db, Map<string, { token: string; total: number }>>();

const tokenExpression = (db: Db) =>
  db.dialect === 'postgres'
    ? sql<string>`pg_current_snapshot()::text`
    : sql<string>`total_changes() || ':' || (select data_version from pragma_data_version)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CountQuery = SelectQueryBuilder<any, any, { total: number }>;

/**
 * A count query's number, from the cache when nothing was written since it was counted. The query reads
 * the token in the same statement as it counts, so the two describe the same rows.
 */
export async function cachedCount(db: Db, query: CountQuery): Promise<number> {
  // Inside a transaction its own writes are not yet anyone's: count them, remember nothing.
  if (db.kysely.isTransaction) return Number((await query.executeTakeFirst())?.total ?? 0);
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) {
    const { rows } = await sql<{ t: string }>`select ${tokenExpression(db)} as t`.execute(db.kysely);
    cache.delete(key);
    if (String(rows[0].t) === hit.token) {
      // Most recently used last, so the oldest is the one dropped.
      cache.set(key, hit);
      return hit.total;
    }
  }
  const row = await query.select(tokenExpression(db).as('token')).executeTakeFirst();
  const total = Number(row?.total ?? 0);
  cache.set(key, { token: String(row?.token), total });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return total;
}
