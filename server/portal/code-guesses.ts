import { DEFAULT_LOGIN_LIMITS, LoginFailures, type LoginLimits } from '../auth/login-limits';
import type { Db } from '../db/connection';

/**
 * Wrong one-time codes allowed per invitation within the sign-in window (an hour without failures): past them, even
 * the right code waits. 5 an hour for the invitation's 7 days is under 900 guesses of 2^40 codes.
 */
export const CODE_GUESSES = 5;

/** The counter of an invitation's codes: under its e-mail, apart from the e-mail's sign-in failures. */
export const codeSubject = (email: string) => `portal-code:${email}`;

/**
 * The sign-in limits (server/auth/login-limits.ts) counting code guesses in the database: per address, shared with
 * sign-ins (the hard limit of a password spray); per invitation, CODE_GUESSES where a sign-in would ask the captcha.
 */
export function codeFailures(db: Db, limits: LoginLimits): LoginFailures {
  return new LoginFailures(db, { ...limits, captchaAfter: CODE_GUESSES });
}

/** A new letter's code starts with its whole allowance. */
export async function forgetCodeGuesses(db: Db, email: string): Promise<void> {
  await new LoginFailures(db, DEFAULT_LOGIN_LIMITS).forget(codeSubject(email));
}
