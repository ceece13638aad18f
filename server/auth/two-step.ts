import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/connection';

/**
 * Two-step sign-in (issue 24): TOTP as RFC 6238 and every usual authenticator app (Google Authenticator,
 * Microsoft Authenticator, Authy, FreeOTP) read it: SHA-1, 6 digits, 30 s. The codes come from `otpauth`;
 * this module keeps the rules around them: one use per code, one use per recovery code, short-lived
 * challenges between the password and the code.
 */
const PERIOD = 30;
/** One step either side: a phone's clock a few seconds off, or a code typed as it changed. */
const WINDOW = 1;
export const RECOVERY_CODES = 10;
/** No 0/o, 1/l/i: codes read from paper. 31 letters, 10 of them: about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CHALLENGE_MINUTES = { login: 5, setup: 15 } as const;
/** Wrong codes one challenge takes before it is void (the password is asked again). */
export const CHALLENGE_TRIES = 5;

/** The roles whose sign-in the school setting may require the second step of. */
export const REQUIRABLE_ROLES = ['administracao', 'financeiro'];

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export type Purpose = 'login' | 'setup';

export interface Status {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

export interface Enrolment {
  /** To type into the app by hand when the camera cannot read the QR. */
  secret: string;
  uri: string;
  /** The QR of `uri` as an SVG data URL. */
  qr: string;
}

export type CodeCheck = 'ok' | 'wrong' | 'replayed';

/** The key of a user row's role ('' without one: such a user may do nothing, so nothing is required of it). */
export async function roleKeyOf(db: Db, user: object): Promise<string> {
  const roleId = (user as { role_id?: unknown }).role_id;
  if (roleId == null) return '';
  const role = await db.kysely.selectFrom('roles').select('key').where('id', '=', Number(roleId)).executeTakeFirst();
  return role?.key ?? '';
}

/** Whether the school's setting requires the second step of this role. */
export async function requiredFor(db: Db, roleKey: string): Promise<boolean> {
  if (!REQUIRABLE_ROLES.includes(roleKey)) return false;
  const row = await db.kysely.selectFrom('school_settings').select('require_two_step').orderBy('id').executeTakeFirst();
  return Number(row?.require_two_step ?? 0) === 1;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The 6 digits a code is, spaces aside; anything else may be a recovery code. */
const digitsOf = (code: string) => (/^\d{6}$/.test(code.replace(/\s/g, '')) ? code.replace(/\s/g, '') : null);
const recoveryOf = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export class TwoStep {
  constructor(private readonly db: Db) {}

  async status(userId: number): Promise<Status> {
    const row = await this.db.kysely
      .selectFrom('two_step')
      .select('enabled_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const enabled_at = row?.enabled_at ? new Date(row.enabled_at).toISOString() : null;
    const left = await this.db.kysely
      .selectFrom('two_step_recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { enabled: enabled_at !== null, enabled_at, recovery_codes_left: enabled_at ? Number(left.n) : 0 };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return (await this.status(userId)).enabled;
  }

  /** A new secret waiting for its first code (any earlier unconfirmed one is replaced); nothing is enabled yet. */
  async start(user: { id: number; email: string }, issuer: string): Promise<Enrolment> {
    const secret = new Secret({ size: 20 }).base32;
    const now = new Date().toISOString();
    // One statement (an upsert), so that two enrolments started at once cannot collide; an enabled one stays.
    await this.db.kysely
      .insertInto('two_step')
      .values({ user_id: user.id, secret, enabled_at: null, last_step: null, created_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret, last_step: null, created_at: now })
          .where('two_step.enabled_at', 'is', null),
      )
      .execute();
    const uri = totpOf(secret, user.email, issuer).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** The pending enrolment's first code turns it on; answers the recovery codes (shown this once), or null. */
  async confirm(userId: number, code: string): Promise<string[] | null> {
    const row = await this.db.kysely
      .selectFrom('two_step')
      .select(['secret', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row || row.enabled_at) return null;
    if ((await this.checkTotp(userId, row.secret, code)) !== 'ok') return null;
    await this.db.kysely
      .updateTable('two_step')
      .set({ enabled_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    return this.newRecoveryCodes(userId);
  }

  /** Whether an enrolment is waiting for its first code. */
  async pending(userId: number): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('two_step')
      .select('enabled_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row && !row.enabled_at);
  }

  /** A code of the app or an unused recovery code, for an enabled user; each is accepted once. */
  async check(userId: number, code: string): Promise<CodeCheck> {
    const row = await this.db.kysely
      .selectFrom('two_step')
      .select(['secret', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.enabled_at) return 'wrong';
    if (digitsOf(code)) return this.checkTotp(userId, row.secret, code);
    const recovery = recoveryOf(code);
    if (!/^[a-z0-9]{10}$/.test(recovery)) return 'wrong';
    // One statement: two sign-ins racing with the same recovery code cannot both take it.
    const used = await this.db.kysely
      .updateTable('two_step_recovery_codes')
      .set({ used_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', sha256(recovery))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) > 0 ? 'ok' : 'wrong';
  }

  /**
   * New recovery codes for an enabled user who typed the app's current code (never a recovery code: the
   * person proves they still hold the phone); the earlier codes, used or not, stop working. Otherwise why
   * the code was refused: `wrong`, or `replayed` (already accepted once).
   */
  async renewRecoveryCodes(userId: number, code: string): Promise<string[] | CodeCheck> {
    const row = await this.db.kysely
      .selectFrom('two_step')
      .select(['secret', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.enabled_at || !digitsOf(code)) return 'wrong';
    const checked = await this.checkTotp(userId, row.secret, code);
    return checked === 'ok' ? this.newRecoveryCodes(userId) : checked;
  }

  /** Turns it off (by the user, or reset by Administração): secret, recovery codes and open challenges go. */
  /** `db`: the transaction the removal belongs to (with its audit entry), this service's database by default. */
  async remove(userId: number, db: Db = this.db): Promise<void> {
    await db.kysely.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
    await db.kysely.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
    await db.kysely.deleteFrom('two_step').where('user_id', '=', userId).execute();
  }

  async issueChallenge(userId: number, purpose: Purpose): Promise<string> {
    const now = Date.now();
    // Challenges that ran out go at the next sign-in, so the table never only grows.
    await this.db.kysely
      .deleteFrom('two_step_challenges')
      .where('expires_at', '<=', new Date(now).toISOString())
      .execute();
    const challenge = randomBytes(32).toString('base64url');
    await this.db.kysely
      .insertInto('two_step_challenges')
      .values({
        challenge_hash: sha256(challenge),
        user_id: userId,
        purpose,
        expires_at: new Date(now + CHALLENGE_MINUTES[purpose] * 60_000).toISOString(),
      })
      .execute();
    return challenge;
  }

  /** The user a live challenge of this purpose belongs to. */
  async challengeUser(challenge: string, purpose: Purpose): Promise<number | undefined> {
    const row = await this.db.kysely
      .selectFrom('two_step_challenges')
      .select('user_id')
      .where('challenge_hash', '=', sha256(challenge))
      .where('purpose', '=', purpose)
      .where('expires_at', '>', new Date().toISOString())
      .where('failures', '<', CHALLENGE_TRIES)
      .executeTakeFirst();
    return row ? Number(row.user_id) : undefined;
  }

  async challengeFailed(challenge: string): Promise<void> {
    await this.db.kysely
      .updateTable('two_step_challenges')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('challenge_hash', '=', sha256(challenge))
      .execute();
  }

  async endChallenge(challenge: string): Promise<void> {
    await this.db.kysely.deleteFrom('two_step_challenges').where('challenge_hash', '=', sha256(challenge)).execute();
  }

  /** A code of the secret's current step (± WINDOW) newer than the last accepted one, which it becomes. */
  private async checkTotp(userId: number, secret: string, code: string): Promise<CodeCheck> {
    const token = digitsOf(code);
    if (!token) return 'wrong';
    const now = Date.now();
    const delta = totpOf(secret).validate({ token, timestamp: now, window: WINDOW });
    if (delta === null) return 'wrong';
    const step = Math.floor(now / 1000 / PERIOD) + delta;
    // One statement: the same code sent twice at once is accepted once.
    const taken = await this.db.kysely
      .updateTable('two_step')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0 ? 'ok' : 'replayed';
  }

  private async newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const now = new Date().toISOString();
    // In one transaction: a renewal that fails half-way keeps the earlier codes rather than none.
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('two_step_recovery_codes')
        .values(
          codes.map((code) => ({
            user_id: userId,
            code_hash: sha256(recoveryOf(code)),
            used_at: null,
            created_at: now,
          })),
        )
        .execute();
    });
    return codes;
  }
}
