import type { Db } from '../db/connection';
import { ApiError, validationError } from '../http/errors';
import { HASHES_PER_EMAIL, HASHES_PER_IP } from './attempt-gate';
import type { LoginFailures } from './login-limits';
import { HashSlots, verifyPassword } from './passwords';

export const CURRENT_MISSING = 'Informe a sua senha atual para trocá-la.';
export const CURRENT_WRONG = 'A senha atual não confere.';
export const CURRENT_TOO_MANY =
  'Muitas tentativas com a senha atual errada. Para tentar outra vez, saia e entre de novo no sistema.';
const BUSY = 'Muitas tentativas ao mesmo tempo. Aguarde um instante e tente novamente.';

/** Who asks to change their own password, as their session and request say. */
export interface Asker {
  userId: number;
  email: string;
  ip: string;
}

/**
 * The current password asked before one's own password changes (Minha conta, or one's own line in Usuários): an
 * open session left on a desk must not be enough to take the account over, nor a way to guess the password. Each
 * guess counts in the sign-in limits (login_failures, shared by every instance), before the hash is computed, in
 * one atomic statement: of a burst of wrong guesses only the first `captchaAfter` reach the password, the rest
 * answer 429 — and the sign-in of that e-mail then asks for the human verification, as after wrong sign-ins. A
 * right password clears the e-mail's count, as a sign-in does.
 */
export class CurrentPassword {
  private readonly slots = new HashSlots();

  constructor(
    private readonly db: Db,
    private readonly failures: LoginFailures,
  ) {}

  /** Resolves when `given` is the asker's password; throws the 422 or 429 to answer otherwise. */
  async check(asker: Asker, given: unknown): Promise<void> {
    if (typeof given !== 'string' || given === '') throw validationError({ current_password: [CURRENT_MISSING] });
    const email = asker.email.toLowerCase();
    const attempt = await this.failures.attempt(asker.ip, email);
    // No verification is solved here: the sign-in shows it, and a sign-in clears the count (so does the window).
    if (attempt.ipRetryAfter || attempt.captchaRequired) throw new ApiError(429, CURRENT_TOO_MANY);
    const row = await this.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', asker.userId)
      .executeTakeFirst();
    const checked = await this.slots.run(
      [
        { key: `email:${email}`, max: HASHES_PER_EMAIL },
        { key: `ip:${asker.ip}`, max: HASHES_PER_IP },
      ],
      async () => row !== undefined && (await verifyPassword(given, row.password_hash)),
    );
    if (!checked) {
      await this.failures.refund(asker.ip);
      throw new ApiError(429, BUSY);
    }
    if (!checked.value) {
      await this.failures.fail();
      throw validationError({ current_password: [CURRENT_WRONG] });
    }
    await this.failures.succeed(asker.ip, email);
  }
}
