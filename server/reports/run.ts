import fs from 'node:fs';
import { once } from 'node:events';
import type { DbOptions } from '../db/connection';
import { ApiError } from '../http/errors';
import { workerConnection } from '../workers/connection';
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

/** Runs one report in a worker thread: the builder writes the file, row by row, to `outPath`. */
export async function runReport(task: ReportTask): Promise<ReportResult> {
  if (!hasBuilder(task.key)) return { failure: { statusCode: 404, message: 'Relatório não encontrado.' } };
  const out = fs.createWriteStream(task.outPath);
  try {
    const builder = await BUILDERS[task.key]();
    const check = await builder(
      { db: workerConnection(task.db), appUrl: task.appUrl, now: new Date(task.now) },
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
