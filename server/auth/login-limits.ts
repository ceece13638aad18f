import { sql } from 'kysely';
import type { Db } from '../db/connection';

export interface LoginLimits {
  /** Failed sign-ins from one address per window; beyond it every sign-in from there waits (429). */
  perIp: number;
  /** Failed sign-ins for one e-mail after which its sign-in needs a human verification. */
  captchaAfter: number;
  windowMinutes: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perIp: 100, captchaAfter: 5, windowMinutes: 60 };

export interface LoginGate {
  /** Seconds until the address may try again, when its hard limit is spent. */
  ipRetryAfter?: number;
  /** Whether this e-mail's sign-in needs a solved ALTCHA challenge. */
  captchaRequired: boolean;
}

/**
 * Counts failed sign-ins only, in the database (every instance shares the counts).
 *
 * Per e-mail nothing ever locks the owner out: after `captchaAfter` failures a sign-in needs a
 * proof of work, which a person's browser solves in a moment and a guesser pays for every guess; a
 * success clears the e-mail's count, and so do `windowMinutes` without failures. Per address the
 * limit is hard (a password spray over many e-mails), from the first failure of the window, and
 * sized for a whole office behind one address.
 */
export class LoginFailures {
  private readonly windowMs: number;

  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
  ) {
    this.windowMs = limits.windowMinutes * 60_000;
  }

  async gate(ip: string, email: string, now = Date.now()): Promise<LoginGate> {
    const cutoff = now - this.windowMs;
    const rows = await this.db.kysely
      .selectFrom('login_failures')
      .selectAll()
      .where('subject', 'in', [`ip:${ip}`, `email:${email}`])
      .execute();
    const gate: LoginGate = { captchaRequired: false };
    for (const row of rows) {
      const first = Date.parse(row.first_failure_at);
      const last = Date.parse(row.last_failure_at);
      if (row.subject.startsWith('ip:') && first > cutoff && row.failures >= this.limits.perIp) {
        gate.ipRetryAfter = Math.max(1, Math.ceil((first + this.windowMs - now) / 1000));
      }
      if (row.subject.startsWith('email:') && last > cutoff && row.failures >= this.limits.captchaAfter) gate.captchaRequired = true;
    }
    return gate;
  }

  /** Counts one failure for both; answers whether the e-mail's next sign-in needs the verification. */
  async fail(ip: string, email: string, now = Date.now()): Promise<{ captchaRequired: boolean }> {
    const at = new Date(now).toISOString();
    const cutoff = new Date(now - this.windowMs).toISOString();
    // The address's window runs from its first failure (a predictable Retry-After); the e-mail's
    // from its last one, so a guesser has to stay away a whole window before guessing freely again.
    await this.bump(`ip:${ip}`, at, sql`login_failures.first_failure_at <= ${cutoff}`);
    const failures = await this.bump(`email:${email}`, at, sql`login_failures.last_failure_at <= ${cutoff}`);
    // Counters of e-mails and addresses that stopped failing: the table never only grows.
    await this.db.kysely.deleteFrom('login_failures').where('last_failure_at', '<=', cutoff).execute();
    return { captchaRequired: failures >= this.limits.captchaAfter };
  }

  /** A success clears its e-mail's count (never the address's: one good account must not reset it). */
  async succeed(email: string): Promise<void> {
    await this.db.kysely.deleteFrom('login_failures').where('subject', '=', `email:${email}`).execute();
  }

  /** One atomic statement, so concurrent failures on several instances all count. */
  private async bump(subject: string, at: string, expired: ReturnType<typeof sql>): Promise<number> {
    const row = await this.db.kysely
      .insertInto('login_failures')
      .values({ subject, failures: 1, first_failure_at: at, last_failure_at: at })
      .onConflict((oc) =>
        oc.column('subject').doUpdateSet({
          failures: sql<number>`case when ${expired} then 1 else login_failures.failures + 1 end`,
          first_failure_at: sql<string>`case when ${expired} then ${at} else login_failures.first_failure_at end`,
          last_failure_at: at,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }
}
