import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';

/** A secret shared by every instance: created once, kept in the database. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  const k = dynamic(db);
  try {
    await k
      .insertInto('app_secrets')
      .values({ name, value: randomBytes(32).toString('hex') })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await k.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return String(row.value);
}

export interface CaptchaOptions {
  /** PBKDF2 iterations per attempt, and the range of attempts a solution needs. */
  cost: number;
  counterMin: number;
  counterMax: number;
  ttlSeconds: number;
}

export const DEFAULT_CAPTCHA: CaptchaOptions = { cost: 200, counterMin: 500, counterMax: 2500, ttlSeconds: 600 };

/**
 * Self-hosted proof of work (ALTCHA): signed, expiring challenges; each solution is accepted once,
 * across every instance (the used ids live in the database).
 */
export class Captcha {
  private secret?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly options: CaptchaOptions = DEFAULT_CAPTCHA,
  ) {}

  private hmac(): Promise<string> {
    this.secret ??= sharedSecret(this.db, 'captcha_hmac');
    return this.secret;
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.options.cost,
      counter: randomInt(this.options.counterMin, this.options.counterMax),
      deriveKey,
      hmacSignatureSecret: await this.hmac(),
      expiresAt: new Date(Date.now() + this.options.ttlSeconds * 1000),
    });
  }

  /** Answers null when the payload is a fresh, valid solution, or the reason it is refused. */
  async check(payload: unknown): Promise<string | null> {
    if (typeof payload !== 'string' || payload.length === 0 || payload.length > 10_000)
      return 'Resolva a verificação humana.';
    const k = dynamic(this.db);
    const store = {
      get: async (id: string) =>
        Boolean(
          await k.selectFrom('captcha_used').select('challenge_id').where('challenge_id', '=', id).executeTakeFirst(),
        ),
      set: async (id: string) => this.markUsed(id),
      setIfAbsent: async (id: string) => this.markUsed(id),
    };
    const result = await verify(payload, deriveKey, await this.hmac(), undefined, store);
    if (!result.error) return null;
    return /already used/i.test(result.error)
      ? 'Esta verificação já foi usada. Resolva-a novamente.'
      : 'A verificação humana falhou ou expirou. Resolva-a novamente.';
  }

  private async markUsed(id: string): Promise<boolean> {
    const k = dynamic(this.db);
    try {
      await k
        .insertInto('captcha_used')
        .values({ challenge_id: id.slice(0, 128), created_at: new Date().toISOString() })
        .execute();
      // A solution used longer ago than a challenge lives belongs to a challenge that has expired, which
      // verify refuses anyway: its row goes, here, on write, so the table never only grows.
      await k
        .deleteFrom('captcha_used')
        .where('created_at', '<', new Date(Date.now() - this.options.ttlSeconds * 1000).toISOString())
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}
