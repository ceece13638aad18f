import type { Db } from './connection';

/**
 * Runs `work` in one transaction and hands it the Db to go through: a change and the audit row that records it
 * (audit/log.ts), a claim and the message it allows, commit together or not at all. Inside a transaction already,
 * `work` joins it, so a helper that needs one may be called from a caller that has one.
 *
 * Every query of the work must go through the Db it is handed: on SQLite the transaction holds the one
 * connection, and a query on the outer Db would wait for it forever. Files are written before (and removed if the
 * work fails) or removed after the commit, never inside.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.kysely.isTransaction) return work(db);
  return db.kysely.transaction().execute((trx) => work({ ...db, kysely: trx }));
}
