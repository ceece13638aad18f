import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { backoffMs, DEFAULT_BACKOFF, type Backoff } from './backoff';
import { Recurring, type TaskHandler } from './recurring';
import { errorText } from './error-text';
import { instanceName, releaseEarlierLeases, whileRenewing } from './lease';

export type { TaskContext, TaskHandler } from './recurring';

/** What a one-off job's handler is given besides its payload. */
export interface JobContext {
  id: number;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the server shuts down. */
  signal: AbortSignal;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandler = (payload: any, ctx: JobContext) => Promise<unknown>;

export interface RunnerOptions {
  /** How often one-off jobs are looked for; unset: this instance runs none (tests, unless they ask). */
  pollMs?: number;
  /**
   * How long a claimed job or task is this instance's unless renewed (it is, every third of it, while the handler
   * runs); past it, another instance may take it over.
   */
  leaseMs: number;
  /**
   * This process's slot, the same across its restarts (host, address and port, or INSTANCE_NAME; see lease.ts): a
   * runner starting in it releases the leases its previous process held. Unset: a name of its own, nothing released.
   */
  slot?: string;
  /** Tries of a one-off job unless it says otherwise. */
  maxAttempts: number;
  backoff: Backoff;
  /** At shutdown, how long the work in progress gets to end. */
  graceMs: number;
  log?: FastifyBaseLogger;
}

export const DEFAULT_RUNNER: Omit<RunnerOptions, 'log'> = {
  leaseMs: 60_000,
  maxAttempts: 5,
  backoff: DEFAULT_BACKOFF,
  graceMs: 10_000,
};

/** Why a job ran out of tries without an error of its own: its instance stopped in the middle, every time. */
export const LOST = 'A instância que executava a tarefa parou antes de terminar.';

/** What an area uses to register its background work (the runner itself, seen from `AreaContext.jobs`). */
export interface Jobs {
  handle(kind: string, handler: JobHandler, options?: { label?: string }): void;
  enqueue(
    kind: string,
    payload?: unknown,
    options?: { runAt?: Date; key?: string; maxAttempts?: number },
  ): Promise<number>;
  every(kind: string, intervalMs: number | undefined, handler: TaskHandler, options?: { label?: string }): () => void;
}

interface Claimed {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
}

/**
 * The background work of every instance, in two tables shared by all of them (migration 0027_jobs): one-off jobs
 * and recurring tasks. A small runner of our own because pg-boss and graphile-worker need PostgreSQL and the
 * school may run on SQLite. Each job is claimed in one atomic UPDATE with a lease, renewed while it runs (lease.ts); a
 * failed try is tried again after a doubling wait (backoff.ts) up to its tries, keeping its last error; a lease that
 * runs out (its instance died) is taken over.
 */
export class JobRunner implements Jobs {
  readonly instance: string;
  readonly labels = new Map<string, string>();
  private readonly options: RunnerOptions;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly tasks = new Map<string, Recurring>();
  private readonly abort = new AbortController();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private starting = false;
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    options: Partial<RunnerOptions> = {},
  ) {
    this.options = { ...DEFAULT_RUNNER, ...options };
    this.instance = instanceName(this.options.slot);
  }

  handle(kind: string, handler: JobHandler, options: { label?: string } = {}): void {
    this.handlers.set(kind, handler);
    if (options.label) this.labels.set(kind, options.label);
  }

  /**
   * Queues a job (due at `runAt`, now by default). With a `key`, enqueueing again returns the job already queued
   * under it, whatever its state: the key makes the work happen once.
   */
  async enqueue(
    kind: string,
    payload: unknown = {},
    options: { runAt?: Date; key?: string; maxAttempts?: number } = {},
  ): Promise<number> {
    const k = dynamic(this.db);
    const now = new Date().toISOString();
    const runAt = (options.runAt ?? new Date()).toISOString();
    const row = await k
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload ?? {}),
        key: options.key ?? null,
        status: 'pending',
        attempts: 0,
        max_attempts: options.maxAttempts ?? this.options.maxAttempts,
        run_at: runAt,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      const existing = await k
        .selectFrom('jobs')
        .select('id')
        .where('key', '=', options.key!)
        .executeTakeFirstOrThrow();
      return Number(existing.id);
    }
    if (runAt <= now) this.kick();
    return Number(row.id);
  }

  /**
   * A recurring task: each period's run is taken by exactly one instance. `intervalMs` unset or 0: not run here
   * (a test, or the setting that turns it off). Returns a function that runs it here at once, outside the schedule
   * (e.g. right after a publication), so the handler must be safe to run on two instances at the same time.
   */
  every(kind: string, intervalMs: number | undefined, handler: TaskHandler, options: { label?: string } = {}) {
    if (options.label) this.labels.set(kind, options.label);
    if (!intervalMs || intervalMs <= 0) return () => {};
    const task = new Recurring(this.db, kind, options.label, intervalMs, handler, {
      instance: this.instance,
      leaseMs: this.options.leaseMs,
      signal: this.abort.signal,
      log: this.options.log,
    });
    this.tasks.set(kind, task);
    if (this.started) this.startTask(task);
    return () => task.now();
  }

  /** Starts the recurring tasks and the polling, once the leases of this slot's previous process are released. */
  async start(): Promise<void> {
    if (this.starting || this.stopped) return;
    this.starting = true;
    try {
      const released = await releaseEarlierLeases(this.db, this.instance);
      if (released.tasks || released.jobs) this.options.log?.info(released, 'leases of the previous process released');
    } catch (error) {
      // Their leases still end by themselves.
      this.options.log?.warn({ reason: errorText(error) }, 'leases of the previous process not released');
    }
    if (this.stopped) return;
    this.started = true;
    for (const task of this.tasks.values()) this.startTask(task);
    if (this.options.pollMs) {
      this.timer = setInterval(() => this.kick(), this.options.pollMs);
      this.timer.unref();
      this.kick();
    }
  }

  /** Stops looking for work and waits (up to `graceMs`) for what is running here; its leases cover the rest. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.abort.abort();
    const all = Promise.all([this.running, ...[...this.tasks.values()].map((t) => t.stop())]);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, this.options.graceMs).unref())]);
  }

  /** Looks for due jobs now (one was just queued again). */
  wake(): void {
    this.kick();
  }

  private startTask(task: Recurring): void {
    task
      .start()
      .catch((error: unknown) =>
        this.options.log?.error({ kind: task.kind, reason: errorText(error) }, 'recurring task not started'),
      );
  }

  /** Looks for due jobs now; a pass already running looks again when done. */
  private kick(): void {
    if (!this.started || this.stopped || !this.options.pollMs) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.log?.warn({ reason: errorText(error) }, 'job runner pass failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async drain(): Promise<void> {
    // An instance with no one-off handler never writes to `jobs` (a poll every few seconds on SQLite would).
    if (!this.handlers.size) return;
    do {
      this.again = false;
      await this.giveUpLost();
      for (let job = await this.claim(); job; job = this.stopped ? undefined : await this.claim()) await this.run(job);
    } while (this.again && !this.stopped);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private dueOrAbandoned(eb: any, now: string) {
    return eb.or([
      eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
      eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
    ]);
  }

  /** One atomic statement: the job is this instance's until its lease ends, whoever else looks. */
  private async claim(): Promise<Claimed | undefined> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return undefined;
    const k = dynamic(this.db);
    const now = new Date().toISOString();
    const due = k
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) => this.dueOrAbandoned(eb, now))
      .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
      .orderBy('run_at')
      .orderBy('id')
      .limit(1);
    const row = await k
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_by: this.instance,
        locked_until: new Date(Date.now() + this.options.leaseMs).toISOString(),
        attempts: sql`attempts + 1`,
        updated_at: now,
      })
      .where('id', 'in', due)
      // Checked again on the row itself: another instance may have claimed it since the subquery read it.
      .where((eb) => this.dueOrAbandoned(eb, now))
      .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
      .executeTakeFirst();
    if (!row) return undefined;
    const r = row as unknown as Claimed;
    return { ...r, id: Number(r.id), attempts: Number(r.attempts), max_attempts: Number(r.max_attempts) };
  }

  private async run(job: Claimed): Promise<void> {
    const k = dynamic(this.db);
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`Nenhuma rotina cuida de "${job.kind}".`);
      const payload: unknown = JSON.parse(job.payload || '{}');
      const renew = (until: string) =>
        k
          .updateTable('jobs')
          .set({ locked_until: until })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .where('locked_by', '=', this.instance)
          .execute();
      await whileRenewing(
        this.options.leaseMs,
        renew,
        () => handler(payload, { id: job.id, attempt: job.attempts, signal: this.abort.signal }),
        this.options.log,
      );
      const at = new Date().toISOString();
      // A failed try's error stays: the office sees the job went through on a retry.
      await k
        .updateTable('jobs')
        .set({ status: 'done', locked_by: null, locked_until: null, finished_at: at, updated_at: at })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.instance)
        .execute();
    } catch (error) {
      const message = errorText(error);
      const last = job.attempts >= job.max_attempts;
      const at = new Date().toISOString();
      this.options.log?.warn(
        { job: job.id, kind: job.kind, attempt: job.attempts, reason: message.slice(0, 200) },
        last ? 'job failed: giving up' : 'job failed: will retry',
      );
      await k
        .updateTable('jobs')
        .set({
          status: last ? 'failed' : 'pending',
          run_at: last ? at : new Date(Date.now() + backoffMs(job.attempts, this.options.backoff)).toISOString(),
          finished_at: last ? at : null,
          last_error: message,
          locked_by: null,
          locked_until: null,
          updated_at: at,
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.instance)
        .execute();
    }
  }

  /** A job whose instance died on its last try can no longer be claimed: it is marked failed, with the reason. */
  private async giveUpLost(): Promise<void> {
    const now = new Date().toISOString();
    await dynamic(this.db)
      .updateTable('jobs')
      .set({ status: 'failed', last_error: LOST, locked_by: null, locked_until: null, finished_at: now })
      .where('kind', 'in', [...this.handlers.keys()])
      .where('status', '=', 'running')
      .where('locked_until', '<', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .execute();
  }
}
