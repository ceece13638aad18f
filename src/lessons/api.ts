import { HttpError } from 'ra-core';
import { ApiRequestError } from '../api/http';
import type { Refusal } from './types';

// The calls themselves are dataProvider methods (dataProvider/lessons.ts); here, how their failures are read.

/** The status and answer of a refusal: the dataProvider's HttpError, or the bare request's error. */
const answerOf = (error: unknown) =>
  error instanceof HttpError || error instanceof ApiRequestError
    ? { status: error.status, body: error.body as unknown }
    : null;

/**
 * Answers that say "not now" rather than "no": an expired session (after signing in again), the same write still
 * running on the server (409, its Idempotency-Key in use), a timeout.
 */
const NOT_NOW = [0, 401, 408, 409, 429];

/**
 * Whether a failed send is worth trying again by itself: the network (status 0), a busy or failing server, a
 * session to renew. A refusal (422, 403, 404) would be refused again: it waits for the teacher instead.
 */
export const isTransient = (error: unknown) => {
  const answer = answerOf(error);
  return !answer || NOT_NOW.includes(answer.status) || answer.status >= 500;
};

/** A refusal's words, for the fields of the screen. */
export function refusalOf(error: unknown): Refusal {
  const answer = answerOf(error);
  if (answer && error instanceof Error) {
    const errors = (answer.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    return { message: error.message, errors };
  }
  return { message: error instanceof Error ? error.message : 'Erro ao enviar.', errors: {} };
}
