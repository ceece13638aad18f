import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { backoffMs } from '../jobs/backoff';
import type { Jobs } from '../jobs/runner';

export interface DeliveryOptions {
  /** Tries per message; after the last failure it stays in the outbox with its error. */
  maxAttempts: number;
  /** Wait after the first failed try; doubled after each next one (1, 2, 4, 8, 16 minutes). */
  retryBaseMs: number;
  /** How long one try may wait for the SMTP server (to connect, to greet, to answer each step). */
  timeoutMs: number;
  /** How often one instance (the job runner's recurring task `mail.deliver`) looks for due messages and retries. */
  pollMs: number;
}

export const DEFAULT_DELIVERY: DeliveryOptions = {
  maxAttempts: 6,
  retryBaseMs: 60_000,
  timeoutMs: 20_000,
  pollMs: 30_000,
};

/** One message as the SMTP server receives it. */
export interface Envelope {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

interface Claimed {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attempts: number;
  held_by: string | null;
}

/**
 * What kind of failure a try met, without its text: nodemailer's code (`EENVELOPE`, `ETIMEDOUT`, `EAUTH`…) and the
 * SMTP reply's number (550), when there are such.
 */
export function failureKind(error: unknown): { code?: string; responseCode?: number } {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}

/** Why a message held by an instance that went away is given up, for the office reading the outbox. */
export const ORPHANED =
  'Não entregue: o servidor que guardava o link foi reiniciado antes do envio. Peça um novo link.';

/**
 * Sends the outbox in the background, never inside a request: a slow or silent SMTP server costs
 * this pass its time, not a visitor's. The job runner drives it: the recurring task `mail.deliver` runs a pass on
 * one instance per period (Administração › Tarefas shows its runs), and the instance that writes a message starts
 * a pass at once. Each try first claims its row in one atomic UPDATE (the attempt counted, a lease in
 * `claimed_until`), so with several instances on one database each message is sent by one of them; a failed try
 * keeps its error and is due again after a growing wait, up to `maxAttempts`.
 *
 * A message with secrets (a reset link) is stored masked; its full text lives only in the memory of
 * the instance that wrote it (`held_by`), which alone may send it.
 */
export class MailDelivery {
  readonly instance = randomBytes(8).toString('hex');
  private readonly texts = new Map<number, string>();
  /** Retries of messages only this instance may send (held): woken here, whoever runs the periodic pass. */
  private readonly retries = new Set<NodeJS.Timeout>();
  private running?: Promise<void>;
  private failure?: unknown;
  private again = false;
  private stopped = false;
  private halted?: Promise<void>;
  /** Resolved once stopped (after the grace): a pass waiting on a hung try returns then. */
  private halt!: () => void;
  private readonly haltedOrDone = new Promise<void>((resolve) => (this.halt = resolve));

  constructor(
    private readonly db: Db,
    private readonly transmit: (envelope: Envelope) => Promise<void>,
    private readonly options: DeliveryOptions,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Registers the periodic pass with the job runner (it starts with the server). */
  start(jobs: Jobs): void {
    jobs.every('mail.deliver', this.options.pollMs, ({ signal }) => this.pass(signal));
  }

  /** One pass for the runner: ends when the outbox has nothing due, or when the server stops (after the grace). */
  private async pass(signal: AbortSignal): Promise<void> {
    if (this.stopped) return;
    const stop = () => void this.stop();
    signal.addEventListener('abort', stop, { once: true });
    try {
      this.kick();
      while (this.running && !this.stopped) await Promise.race([this.running, this.haltedOrDone]);
      if (this.stopped) await this.halted;
      const failure = this.failure;
      this.failure = undefined;
      if (failure) throw failure;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  /** Keeps the full text of a masked row until it is sent (or given up). */
  hold(id: number, text: string): void {
    this.texts.set(id, text);
  }

  /** Looks for work now (a message was just written); a loop already running looks again when done. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        this.failure = error;
        this.log?.error({ err: error }, 'mail delivery failed');
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Stops looking for work; a try in flight gets `graceMs` to end (its lease lets another instance retry it). */
  stop(graceMs = 1000): Promise<void> {
    if (this.halted) return this.halted;
    this.stopped = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.halted = Promise.race([
      this.running,
      new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
    ]).then(() => this.halt());
    return this.halted;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      await this.giveUpOrphans();
      for (let row = await this.claim(); row && !this.stopped; row = await this.claim()) await this.deliver(row);
    } while (this.again && !this.stopped);
  }

  /** One atomic statement: the row is this instance's until its lease ends, whoever else looks. */
  private async claim(): Promise<Claimed | undefined> {
    const k = dynamic(this.db);
    const now = new Date().toISOString();
    // Longer than a try can last (each of its steps may take timeoutMs), so no other instance takes it meanwhile.
    const lease = new Date(Date.now() + this.options.timeoutMs * 4 + 10_000).toISOString();
    const free = (eb: any) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]); // eslint-disable-line @typescript-eslint/no-explicit-any
    const due = k
      .selectFrom('outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where('attempts', '<', this.options.maxAttempts)
      .where(free)
      .where((eb) => eb.or([eb('held_by', 'is', null), eb('held_by', '=', this.instance)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
    const row = await k
      .updateTable('outbox')
      .set({ claimed_until: lease, attempts: sql`attempts + 1` })
      .where('id', 'in', due)
      // Checked again on the row itself: another instance may have claimed it since the subquery read it.
      .where('sent_at', 'is', null)
      .where(free)
      .returning(['id', 'to_address', 'reply_to', 'subject', 'body', 'attempts', 'held_by'])
      .executeTakeFirst();
    return row ? { ...(row as unknown as Claimed), id: Number(row.id), attempts: Number(row.attempts) } : undefined;
  }

  private async deliver(row: Claimed): Promise<void> {
    const k = dynamic(this.db);
    const text = row.held_by ? this.texts.get(row.id) : row.body;
    try {
      if (text === undefined) throw new Error(ORPHANED);
      await this.transmit({ to: row.to_address, replyTo: row.reply_to ?? undefined, subject: row.subject, text });
      const at = new Date().toISOString();
      // A failed try's error stays beside sent_at and attempts: the office sees it went out on a retry.
      await k
        .updateTable('outbox')
        .set({ sent_at: at, next_attempt_at: null, claimed_until: null, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      this.texts.delete(row.id);
    } catch (error) {
      const last = row.attempts >= this.options.maxAttempts || text === undefined;
      const next = last
        ? null
        : new Date(
            Date.now() + backoffMs(row.attempts, { baseMs: this.options.retryBaseMs, maxMs: Infinity }),
          ).toISOString();
      if (last) this.texts.delete(row.id);
      // Only this instance holds the text: its retry must not wait for this instance to win the periodic pass.
      else if (row.held_by) this.wakeAt(Number(new Date(next!)) - Date.now());
      const message = error instanceof Error ? error.message : String(error);
      // The message's id and the kind of failure only: the SMTP server's words may quote the recipient's address
      // ("550 <ana@…>: Recipient address rejected"). They stay with the message in the outbox, beside its address.
      this.log?.warn(
        { outboxId: row.id, attempt: row.attempts, ...failureKind(error) },
        last ? 'mail not delivered: giving up' : 'mail not delivered: will retry',
      );
      await k
        .updateTable('outbox')
        .set({
          error: message.slice(0, 500),
          next_attempt_at: next,
          claimed_until: null,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  private wakeAt(delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.retries.delete(timer);
        this.kick();
      },
      Math.max(0, delayMs) + 5,
    );
    timer.unref();
    this.retries.add(timer);
  }

  /**
   * Masked messages whose instance is gone (restarted) can never be sent: after the life of a reset
   * link they are marked as given up, so the outbox tells the office why.
   */
  private async giveUpOrphans(): Promise<void> {
    const cutoff = new Date(Date.now() - 3600_000).toISOString();
    await dynamic(this.db)
      .updateTable('outbox')
      .set({ error: ORPHANED, next_attempt_at: null })
      .where('sent_at', 'is', null)
      .where('next_attempt_at', 'is not', null)
      .where('held_by', 'is not', null)
      .where('held_by', '!=', this.instance)
      .where('created_at', '<', cutoff)
      .execute();
  }
}
