import { openDb, type Db, type DbOptions } from '../db/connection';

// A worker thread keeps its connections to the few databases it serves (one in production; one per test
// server in the tests, hence the bound: the oldest is closed first).
const connections = new Map<string, Db>();
const KEPT = 4;

/** The worker thread's read-only connection to the database the server opened with these options. */
export function workerConnection(options: DbOptions): Db {
  const key = JSON.stringify(options);
  let db = connections.get(key);
  if (db) {
    connections.delete(key);
  } else {
    db = openDb({ ...options, readonly: true, poolSize: 2 });
    if (connections.size >= KEPT) {
      const [oldestKey, oldest] = connections.entries().next().value as [string, Db];
      connections.delete(oldestKey);
      void oldest.destroy();
    }
  }
  connections.set(key, db);
  return db;
}
