import { sql } from 'kysely';
import type { Db } from './connection';

/** Per database and lock name: the tail of the queue of works waiting in this process. */
const queues = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** A 64-bit key of PostgreSQL's advisory locks, from the lock's name. */
const keyOf = (name: string) => sql`hashtextextended(${name}, 0)`;

/**
 * Runs `work` alone among the works holding the lock `name`: a check and the write it allows (the last
 * administrator's) cannot interleave with another's. In this process a queue orders them; on PostgreSQL
 * a transaction-scoped advisory lock also holds off other servers on the same database while the work
 * runs (on its own pooled connections: the queue keeps this process to one connection waiting on it). SQLite
 * is written by this process alone (the report workers only read), so the queue is the whole lock.
 */
export async function exclusively<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const byName = queues.get(db) ?? new Map<string, Promise<unknown>>();
  queues.set(db, byName);
  const before = byName.get(name) ?? Promise.resolve();
  const run = before.then(
    () => locked(db, name, work),
    () => locked(db, name, work),
  );
  // The next work waits for this one to end, however it ends.
  const tail = run.catch(() => undefined);
  byName.set(name, tail);
  try {
    return await run;
  } finally {
    if (byName.get(name) === tail) byName.delete(name);
  }
}

function locked<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${keyOf(name)})`.execute(trx);
    return work();
  });
}
