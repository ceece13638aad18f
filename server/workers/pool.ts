import os from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors';
import type { ThreadResult, ThreadTask } from './thread';

/** One or two threads, by the machine's cores: the request loop keeps one core. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

let settings = { threads: defaultThreads(), maxQueue: 20 };
let pool: Piscina<ThreadTask, ThreadResult> | undefined;

/** Before the first task: threads (REPORT_THREADS) and how many tasks may wait before a 503. */
export function configureWorkers(options: { threads?: number; maxQueue?: number }): void {
  settings = { threads: options.threads ?? settings.threads, maxQueue: options.maxQueue ?? settings.maxQueue };
}

/**
 * The process's worker threads, for everything that would hold the request loop: report files and PDFs.
 * One pool per process, shared by every server in it, created on the first task (most processes make none).
 * Beyond `maxQueue` waiting tasks the answer is an immediate 503, not a queue without bound.
 */
export async function runInWorker<T extends ThreadResult>(task: ThreadTask): Promise<T> {
  pool ??= new Piscina<ThreadTask, ThreadResult>({
    // The built server sits next to its bundled thread.mjs; from source this is the tsx bootstrap.
    filename: new URL('./thread.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: settings.threads,
    idleTimeout: 60_000,
    maxQueue: settings.maxQueue,
    // Small generations make V8 collect a streaming report's short-lived rows often, instead of letting
    // each thread's heap (and the process's RSS) grow by tens of MB before a sweep. Reports stream their
    // rows and PDFs are small, so 96 MB of old generation is ample (1,000,000 charges peak at +71 MB of RSS).
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
  });
  try {
    return (await pool.run(task)) as T;
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      throw new ApiError(503, 'Muitos arquivos sendo gerados agora. Tente novamente em alguns instantes.');
    }
    throw error;
  }
}

export async function closeWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
