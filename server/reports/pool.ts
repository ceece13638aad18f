import os from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors';
import type { ReportResult, ReportTask } from './worker';

/** Threads that build reports; the request loop never builds a file itself. */
export function defaultReportThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

/**
 * The report worker threads of one server. Created on the first report (most processes never make one)
 * and closed with the server. Beyond `maxQueue` waiting reports the server answers 503 at once rather
 * than letting a queue grow without bound.
 */
export class ReportPool {
  private pool?: Piscina<ReportTask, ReportResult>;

  constructor(private readonly options: { threads: number; maxQueue: number }) {}

  async run(task: ReportTask): Promise<ReportResult> {
    this.pool ??= new Piscina<ReportTask, ReportResult>({
      // The built server sits next to its bundled worker; from source this resolves to the tsx bootstrap.
      filename: new URL('./report-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.options.threads,
      idleTimeout: 60_000,
      maxQueue: this.options.maxQueue,
      // Small generations make V8 collect a streaming report's short-lived rows often, instead of letting
      // each thread's heap (and the process's RSS) grow by tens of MB before a sweep. Reports stream their
      // rows, so 96 MB of old generation is ample (measured: 1,000,000 charges peak at +71 MB of RSS).
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
    });
    try {
      return await this.pool.run(task);
    } catch (error) {
      if (error instanceof Error && /queue is at limit/i.test(error.message)) {
        throw new ApiError(503, 'Muitos relatórios sendo gerados agora. Tente novamente em alguns instantes.');
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
