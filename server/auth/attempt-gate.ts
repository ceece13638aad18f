import type { FastifyReply } from 'fastify';
import type { Captcha } from '../public/captcha';
import type { LoginAttempt, LoginFailures } from './login-limits';
import { DUMMY_HASH_PROMISE, hashPassword, HashSlots, needsRehash, verifyPassword } from './passwords';

export const FAILED = 'E-mail ou senha não correspondem.';
export const BUSY = 'Muitas tentativas de login ao mesmo tempo. Aguarde um instante e tente novamente.';
/** Password hashes at once per e-mail and per address (see HashSlots): a person, or an office, never needs more. */
export const HASHES_PER_EMAIL = 2;
export const HASHES_PER_IP = 4;

const CAPTCHA_NEEDED = 'Muitas tentativas com este e-mail. Resolva a verificação humana e entre novamente.';

function waitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} s` : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return `Muitas tentativas de login a partir deste endereço. Tente novamente em ${wait}.`;
}

/**
 * Counts one sign-in attempt (a password, or the code of the second step) against the login limits and answers
 * the 429 when the address is spent or the e-mail needs the human verification and `altcha` does not solve it.
 * Checked before the secret, so that a guess refused here learns nothing.
 */
export async function gateAttempt(
  reply: FastifyReply,
  options: { failures: LoginFailures; captcha: Captcha; ip: string; email: string; altcha?: string },
): Promise<{ attempt: LoginAttempt } | { refused: FastifyReply }> {
  const { failures, ip } = options;
  const attempt = await failures.attempt(ip, options.email);
  if (attempt.ipRetryAfter) {
    return {
      refused: reply
        .status(429)
        .header('retry-after', String(attempt.ipRetryAfter))
        .send({ message: waitMessage(attempt.ipRetryAfter), retry_after: attempt.ipRetryAfter }),
    };
  }
  if (attempt.captchaRequired) {
    const refused = await options.captcha.check(options.altcha);
    if (refused) {
      await failures.refund(ip);
      return { refused: reply.status(429).send({ message: options.altcha ? refused : CAPTCHA_NEEDED, captcha: true }) };
    }
  }
  return { attempt };
}

/**
 * A sign-in's password against its stored hash (the staff's and the families' alike), within the hashing slots.
 * An unknown, revoked or not yet activated account is checked against a dummy hash: the same time, the same
 * answer, the same count as a wrong password. Answers true when it matched, or the reply sent (429 when the slots
 * are full, 401 when it did not match). A matched hash of an older algorithm or weaker parameters is replaced through
 * `rehash`, given the new hash and the old one (to write only if the password did not change meanwhile).
 */
export class PasswordCheck {
  private readonly slots = new HashSlots();

  async run(
    reply: FastifyReply,
    options: {
      failures: LoginFailures;
      ip: string;
      email: string;
      password: string;
      stored: string | null | undefined;
      attempt: LoginAttempt;
      rehash: (hash: string, old: string) => Promise<unknown>;
    },
  ): Promise<true | FastifyReply> {
    const { failures, ip, stored } = options;
    const hash = stored || (await DUMMY_HASH_PROMISE);
    const checked = await this.slots.run(
      [
        { key: `email:${options.email}`, max: HASHES_PER_EMAIL },
        { key: `ip:${ip}`, max: HASHES_PER_IP },
      ],
      () => verifyPassword(options.password, hash),
    );
    if (!checked) {
      await failures.refund(ip);
      return reply.status(429).header('retry-after', '1').send({ message: BUSY, retry_after: 1 });
    }
    if (!stored || !checked.value) {
      await failures.fail();
      return reply
        .status(401)
        .send(options.attempt.captchaNext ? { message: FAILED, captcha: true } : { message: FAILED });
    }
    if (needsRehash(stored)) {
      // The password is in hand only now; a failure here costs the upgrade, never the sign-in.
      await hashPassword(options.password)
        .then((hash) => options.rehash(hash, stored))
        .catch(() => undefined);
    }
    return true;
  }
}
