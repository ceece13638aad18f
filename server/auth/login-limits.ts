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

export interface LoginAttempt {
  /** Seconds until the address may try again, when its hard limit is spent (the attempt goes no further). */
  ipRetryAfter?: number;
  /** Whether this attempt needs a solved ALTCHA challenge before its password is checked. */
  captchaRequired: boolean;
  /** Whether a failure of this attempt makes the e-mail's next sign-in need the verification. */
  captchaNext: boolean;
}

/**
 * Counts sign-in attempts in the database (every instance shares the counts), each one before its
 * password is checked: one atomic statement per counter, so a burst sent at once is counted one by
 * one and only the first `captchaAfter` of them reach the password without a verification. A
 * success takes its attempt back.
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

  /** Counts one attempt for the address, then (unless the address is spent) for the e-mail. */
  async attempt(ip: string, email: string, now = Date.now()): Promise<LoginAttempt> {
    const at = new Date(now).toISOString();
    const cutoff = new Date(now - this.windowMs).toISOString();
    // The address's window runs from its first failure (a predictable Retry-After); the e-mail's
    // from its last one, so a guesser has to stay away a whole window before guessing freely again.
    const address = await this.bump(`ip:${ip}`, at, sql`login_failures.first_failure_at <= ${cutoff}`);
    if (address.failures > this.limits.perIp) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(address.first_failure_at) + this.windowMs - now) / 1000));
      return { ipRetryAfter: retryAfter, captchaRequired: false, captchaNext: false };
    }
    const failures = (await this.bump(`email:${email}`, at, sql`login_failures.last_failure_at <= ${cutoff}`)).failures;
    return { captchaRequired: failures > this.limits.captchaAfter, captchaNext: failures >= this.limits.captchaAfter };
  }

  /** An attempt that ended in a failure: counters of e-mails and addresses that stopped failing go. */
  async fail(now = Date.now()): Promise<void> {
    const cutoff = new Date(now - this.windowMs).toISOString();
    await this.db.kysely.deleteFrom('login_failures').where('last_failure_at', '<=', cutoff).execute();
  }

  /** An attempt refused before its password was checked (no verification) gives the address its attempt back. */
  async refund(ip: string): Promise<void> {
    await this.takeBack(`ip:${ip}`);
  }

  /**
   * A right password whose sign-in waits for its second step (the authenticator's code): the attempt is taken
   * back from both counters, but no earlier failure is forgiven; only a complete sign-in clears the e-mail's.
   */
  async passedFirstStep(ip: string, email: string): Promise<void> {
    await this.takeBack(`ip:${ip}`);
    await this.takeBack(`email:${email}`);
  }

  private async takeBack(subject: string): Promise<void> {
    await this.db.kysely
      .updateTable('login_failures')
      .set({ failures: sql<number>`failures - 1` })
      .where('subject', '=', subject)
      .where('failures', '>', 0)
      .execute();
  }

  /**
   * A success clears its e-mail's count and takes the address's attempt back (never more: one good account must not
   * reset it).
   */
  async succeed(ip: string, email: string): Promise<void> {
    await this.db.kysely.deleteFrom('login_failures').where('subject', '=', `email:${email}`).execute();
    await this.refund(ip);
  }

  /** Forgets an e-mail's count (a new one-time code of an invitation starts with its whole allowance of guesses). */
  async forget(email: string): Promise<void> {
    await this.db.kysely.deleteFrom('login_failures').where('subject', '=', `email:${email}`).execute();
  }

  /** One atomic statement, so concurrent failures on several instances all count. */
  private async bump(
    subject: string,
    at: string,
    expired: ReturnType<typeof sql>,
  ): Promise<{ failures: number; first_failure_at: string }> {
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
      .returning(['failures', 'first_failure_at'])
      .executeTakeFirstOrThrow();
    return { failures: Number(row.failures), first_failure_at: new Date(row.first_failure_at).toISOString() };
  }
}
