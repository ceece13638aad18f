import type { Db } from '../db/connection';

/**
 * `work` on a Db whose every query runs in one transaction: a change to money and the audit row that records it
 * commit together or not at all (a request killed in between left charges without their audit). Already inside a
 * transaction, `work` joins it.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return work(db);
  return db.kysely.transaction().execute((trx) => work({ ...db, kysely: trx as unknown as Db['kysely'] }));
}
