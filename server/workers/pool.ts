import os from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors';
import type { ThreadResult, ThreadTask } from './thread';

/** One or two threads, by the machine's cores: the request loop keeps one core. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

let settings = {
  threads: defaultThreads(),
  maxQueue: 20,
  // The built server sits next to its bundled thread.mjs; from source this is the tsx bootstrap.
  threadFile: new URL('./thread.mjs', import.meta.url).href,
};

/**
 * Two pools of the same threads. `files` builds reports and PDFs: its threads wait 60 s for the next task, which
 * usually comes (a secretary prints a class's documents one after another). `imports` reads an uploaded spreadsheet
 * of up to 50,000 rows, draws a template or a file with its errors: work of the weeks a school moves in, after which
 * a thread's heap (~45 MB with a file read) would only be held through the run that follows, written in the request
 * loop for seconds to minutes (issue 37's bench: server RSS under 300 MB). Its thread ends as soon as it is idle.
 */
type PoolName = 'files' | 'imports';
const IDLE_MS: Record<PoolName, number> = { files: 60_000, imports: 0 };
const pools = new Map<PoolName, Piscina<ThreadTask, ThreadResult>>();

const poolFor = (task: ThreadTask): PoolName => (task.kind.startsWith('import-') ? 'imports' : 'files');

/**
 * Before the first task: threads (REPORT_THREADS), how many tasks may wait before a 503, and the threads' module.
 * `threadFile` is for the API tests, whose servers run from source: they give the bundle of the current source they
 * build for their child processes (tests/api/support/child-bundle.ts), so that a thread starts as a built server's
 * does, instead of tsx transforming the server's modules again in every new thread.
 */
export function configureWorkers(options: { threads?: number; maxQueue?: number; threadFile?: string }): void {
  settings = {
    threads: options.threads ?? settings.threads,
    maxQueue: options.maxQueue ?? settings.maxQueue,
    threadFile: options.threadFile ?? settings.threadFile,
  };
}

function pool(name: PoolName): Piscina<ThreadTask, ThreadResult> {
  let found = pools.get(name);
  if (!found) {
    found = new Piscina<ThreadTask, ThreadResult>({
      filename: settings.threadFile,
      minThreads: 0,
      maxThreads: settings.threads,
      idleTimeout: IDLE_MS[name],
      maxQueue: settings.maxQueue,
      // Small generations make V8 collect a streaming report's short-lived rows often, instead of letting
      // each thread's heap (and the process's RSS) grow by tens of MB before a sweep. Reports stream their
      // rows and PDFs are small, so 96 MB of old generation is ample (1,000,000 charges peak at +71 MB of RSS).
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
    });
    pools.set(name, found);
  }
  return found;
}

/**
 * The process's worker threads, for everything that would hold the request loop: report files, PDFs and spreadsheet
 * reads. The pools are per process, shared by every server in it, created on their first task (most processes make
 * none). Beyond `maxQueue` waiting tasks the answer is an immediate 503, not a queue without bound. The buffers of
 * `transferList` are moved to the thread, not copied: the caller's views of them are emptied.
 */
export async function runInWorker<T extends ThreadResult>(task: ThreadTask, transferList?: ArrayBuffer[]): Promise<T> {
  try {
    return (await pool(poolFor(task)).run(task, transferList ? { transferList } : {})) as T;
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      throw new ApiError(503, 'Muitos arquivos sendo gerados agora. Tente novamente em alguns instantes.');
    }
    throw error;
  }
}

/** How many threads each pool has now (a test's view). */
export function threadCounts(): Record<PoolName, number> {
  return { files: pools.get('files')?.threads.length ?? 0, imports: pools.get('imports')?.threads.length ?? 0 };
}

export async function closeWorkers(): Promise<void> {
  const closing = [...pools.values()];
  pools.clear();
  await Promise.all(closing.map((p) => p.destroy()));
}
