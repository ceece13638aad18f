import fs from 'node:fs';
import { once } from 'node:events';
import { openDb, type Db, type DbOptions } from '../db/connection';
import { ApiError } from '../http/errors';
import type { ReportCheck, ReportFileFormat, ReportParams } from './builder';
import { BUILDERS } from './builders/index';
import { hasBuilder } from './builders/keys';

export interface ReportTask {
  key: string;
  params: ReportParams;
  format: ReportFileFormat;
  db: DbOptions;
  appUrl: string;
  /** ISO instant of the request. */
  now: string;
  /** Where to write the file (a fresh temporary path, removed by the server after sending). */
  outPath: string;
}

export type ReportResult =
  | { done: true }
  | { check: ReportCheck }
  | { failure: { statusCode: number; message: string; errors?: Record<string, string[]> } };

// A worker thread keeps its connections to the few databases it serves (one in production; one per test
// server in the tests, hence the bound: the oldest is closed first).
const connections = new Map<string, Db>();
const KEPT = 4;
function connection(options: DbOptions): Db {
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

/** Runs one report in a worker thread: the builder writes the file, row by row, to `outPath`. */
export async function runReport(task: ReportTask): Promise<ReportResult> {
  if (!hasBuilder(task.key)) return { failure: { statusCode: 404, message: 'Relatório não encontrado.' } };
  const out = fs.createWriteStream(task.outPath);
  try {
    const builder = await BUILDERS[task.key]();
    const check = await builder(
      { db: connection(task.db), appUrl: task.appUrl, now: new Date(task.now) },
      task.params,
      out,
      task.format,
    );
    if (!out.writableEnded) out.end();
    if (!out.closed) await once(out, 'close');
    if (check) await fs.promises.rm(task.outPath, { force: true });
    return check ? { check } : { done: true };
  } catch (error) {
    // The file is removed here, once the stream has let go of it: removed earlier, a stream still opening
    // would create it again and leave it behind.
    out.destroy();
    if (!out.closed) await once(out, 'close');
    await fs.promises.rm(task.outPath, { force: true });
    // Refusals the client is meant to read cross the thread as data; anything else is a real failure.
    if (error instanceof ApiError)
      return { failure: { statusCode: error.statusCode, message: error.message, errors: error.errors } };
    throw error;
  }
}
