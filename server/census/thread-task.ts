import type { DbOptions } from '../db/connection';
import { workerConnection } from '../workers/connection';
import { checkCensus, exportCensus, type Stage } from './census';
import { layoutOf } from './layouts';
import type { Problem } from './record';

/** The census's check or file, built in a worker thread from the worker's own read-only connection. */
export type CensusThreadTask = { kind: 'census'; year: number; stage: Stage; file: boolean; db: DbOptions };

/** The problems; with the file's bytes when a file was asked for and nothing is missing. */
export type CensusThreadResult = { problems: Problem[]; file?: Uint8Array };

export async function runCensusTask(task: CensusThreadTask): Promise<CensusThreadResult> {
  const layout = layoutOf(task.year);
  if (!layout) throw new Error(`census layout ${task.year} missing`);
  const db = workerConnection(task.db);
  if (!task.file) return { problems: await checkCensus(db, layout, task.year, task.stage) };
  const { problems, file } = await exportCensus(db, layout, task.year, task.stage);
  return problems.length ? { problems } : { problems, file: new Uint8Array(file) };
}
