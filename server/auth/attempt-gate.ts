import type { FastifyReply } from 'fastify';
import type { Captcha } from '../public/captcha';
import type { LoginAttempt, LoginFailures } from './login-limits';

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
