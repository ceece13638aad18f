import fs from 'node:fs';
import { once } from 'node:events';
import { openDb, type Db, type DbOptions } from '../db/connection';
import { ApiError } from '../http/errors';
import type { ReportCheck, ReportParams } from './builder';
import { BUILDERS } from './builders/index';

export interface ReportTask {
  key: string;
  params: ReportParams;
  format: 'xlsx' | 'pdf';
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

// One connection per database per worker thread, kept for the thread's life.
const connections = new Map<string, Db>();
function connection(options: DbOptions): Db {
  const key = JSON.stringify(options);
  let db = connections.get(key);
  if (!db) {
    db = openDb({ ...options, readonly: true, poolSize: 2 });
    connections.set(key, db);
  }
  return db;
}

/** Runs one report in this worker thread: the builder writes the file, row by row, to `outPath`. */
export default async function runReport(task: ReportTask): Promise<ReportResult> {
  const builder = BUILDERS[task.key];
  if (!builder) return { failure: { statusCode: 404, message: 'Relatório não encontrado.' } };
  const out = fs.createWriteStream(task.outPath);
  try {
    const check = await builder({ db: connection(task.db), appUrl: task.appUrl, now: new Date(task.now) }, task.params, out, task.format);
    if (!out.writableEnded) out.end();
    if (!out.closed) await once(out, 'close');
    return check ? { check } : { done: true };
  } catch (error) {
    out.destroy();
    // Refusals the client is meant to read cross the thread as data; anything else is a real failure.
    if (error instanceof ApiError) return { failure: { statusCode: error.statusCode, message: error.message, errors: error.errors } };
    throw error;
  }
}
