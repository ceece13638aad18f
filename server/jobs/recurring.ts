import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { errorText } from './error-text';
import { whileRenewing } from './lease';

/** What a recurring task's handler is given: aborted when the server shuts down. */
export interface TaskContext {
  signal: AbortSignal;
}
export type TaskHandler = (ctx: TaskContext) => Promise<unknown>;

interface RecurringOptions {
  instance: string;
  leaseMs: number;
  signal: AbortSignal;
  log?: FastifyBaseLogger;
}

/**
 * One recurring task on this instance. Every instance keeps a timer for it, but each period's run is taken by one
 * of them only: its `job_schedules` row's `next_run_at` is moved a period forward in one compare-and-set UPDATE,
 * which also leases the row (`locked_by`, `locked_until`) so no two runs overlap. The lease is renewed while the run
 * lasts (lease.ts); one that outlives its instance ends and the next instance to look takes the task over.
 */
export class Recurring {
  private timer?: NodeJS.Timeout;
  private tail: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly kind: string,
    readonly label: string | undefined,
    readonly intervalMs: number,
    private readonly handler: TaskHandler,
    private readonly options: RecurringOptions,
  ) {}

  /** Makes sure the task's row exists (due at once the first time) and starts looking. */
  async start(): Promise<void> {
    const k = dynamic(this.db);
    const now = new Date().toISOString();
    await k
      .insertInto('job_schedules')
      .values({
        kind: this.kind,
        label: this.label ?? null,
        interval_ms: this.intervalMs,
        next_run_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('kind').doNothing())
      .execute();
    await k
      .updateTable('job_schedules')
      .set({ interval_ms: this.intervalMs, label: this.label ?? null })
      .where('kind', '=', this.kind)
      .execute();
    // A shorter period than the one stored (the setting was lowered) applies now, not after the old wait.
    const cap = new Date(Date.now() + this.intervalMs).toISOString();
    await k
      .updateTable('job_schedules')
      .set({ next_run_at: cap })
      .where('kind', '=', this.kind)
      .where('next_run_at', '>', cap)
      .execute();
    this.arm(0);
  }

  /** Runs the handler here, now (after a run in progress on this instance), outside the schedule. */
  now(): void {
    if (this.stopped || this.queued) return;
    this.queued = true;
    void this.exclusive(async () => {
      this.queued = false;
      await this.invoke(false);
    });
  }

  /** Stops looking; resolves when the run in progress here ends. */
  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    return this.tail;
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private exclusive(run: () => Promise<void>): Promise<void> {
    this.tail = this.tail.then(run, run);
    return this.tail;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    let delay = this.intervalMs;
    try {
      if (await this.claim()) await this.exclusive(() => this.invoke(true));
      delay = await this.untilDue();
    } catch (error) {
      // The database itself failed (gone for a moment): tried again at the next period.
      this.options.log?.warn({ kind: this.kind, reason: errorText(error) }, 'recurring task could not be scheduled');
    }
    this.arm(delay);
  }

  private async claim(): Promise<boolean> {
    const now = new Date();
    const at = now.toISOString();
    const row = await dynamic(this.db)
      .updateTable('job_schedules')
      .set({
        next_run_at: new Date(now.getTime() + this.intervalMs).toISOString(),
        locked_by: this.options.instance,
        locked_until: new Date(now.getTime() + this.options.leaseMs).toISOString(),
        last_started_at: at,
        updated_at: at,
      })
      .where('kind', '=', this.kind)
      .where('next_run_at', '<=', at)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .returning('kind')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** How long until this task may be due again (another instance may have moved it); at most one period. */
  private async untilDue(): Promise<number> {
    const row = await dynamic(this.db)
      .selectFrom('job_schedules')
      .select(['next_run_at', 'locked_until'])
      .where('kind', '=', this.kind)
      .executeTakeFirst();
    const next = Date.parse(String(row?.next_run_at ?? '')) || Date.now() + this.intervalMs;
    return Math.min(this.intervalMs, Math.max(5, next - Date.now() + 5));
  }

  /** Moves this run's lease ahead, while the row is still this instance's. */
  private async renew(until: string): Promise<void> {
    await dynamic(this.db)
      .updateTable('job_schedules')
      .set({ locked_until: until })
      .where('kind', '=', this.kind)
      .where('locked_by', '=', this.options.instance)
      .execute();
  }

  private async invoke(recorded: boolean): Promise<void> {
    if (this.stopped && recorded) return;
    const started = Date.now();
    let failure: string | null = null;
    try {
      const run = () => this.handler({ signal: this.options.signal });
      await (recorded
        ? whileRenewing(this.options.leaseMs, (until) => this.renew(until), run, this.options.log)
        : run());
    } catch (error) {
      failure = errorText(error);
      this.options.log?.warn({ kind: this.kind, reason: failure.slice(0, 200) }, 'recurring task failed');
    }
    if (!recorded) return;
    const at = new Date().toISOString();
    try {
      await dynamic(this.db)
        .updateTable('job_schedules')
        .set({
          locked_by: null,
          locked_until: null,
          last_finished_at: at,
          last_duration_ms: Date.now() - started,
          last_error: failure,
          runs: sql`runs + 1`,
          failures: failure ? sql`failures + 1` : sql`failures`,
          updated_at: at,
        })
        .where('kind', '=', this.kind)
        .where('locked_by', '=', this.options.instance)
        .execute();
    } catch (error) {
      this.options.log?.warn({ kind: this.kind, reason: errorText(error) }, 'recurring task run not recorded');
    }
  }
}
