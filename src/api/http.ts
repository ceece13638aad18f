/** The one place the SPA talks to `/api`: bearer token, JSON, and errors carrying the server's words. */

import { DATE_FORMAT_HEADER, ISO_DATES } from '../../resources/format';
import { takeEarly } from './early';

export const TOKEN_KEY = 'secretaria.token';
export const API_BASE = '/api';

export class ApiRequestError extends Error {
  /** A 503's `Retry-After`, as the wait before the request is sent again. */
  retryAfterMs?: number;

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** More headers (an `Idempotency-Key`); the token and the content type are set here. */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

export const SERVER_BUSY_MESSAGE = 'O servidor está ocupado, tentando de novo…';
/** Retries of a request the server refused as busy (503) before its refusal is shown. */
export const BUSY_RETRIES = 3;
/** The longest wait honoured, and the wait when `Retry-After` is absent or not a number of seconds. */
const MAX_BUSY_WAIT_MS = 10_000;
const DEFAULT_BUSY_WAIT_MS = 3_000;

type BusyListener = (message: string) => void;
const busyListeners = new Set<BusyListener>();

/** Told each time a request waits for a busy server (the layout shows it as a toast); returns the unsubscribe. */
export function onServerBusy(listener: BusyListener): () => void {
  busyListeners.add(listener);
  return () => void busyListeners.delete(listener);
}

/** `Retry-After` in seconds (the server's form), bounded; an HTTP date or garbage gets the default. */
export function busyWaitMs(retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\s*\d+\s*$/.test(retryAfter) ? Number(retryAfter) : null;
  return seconds === null ? DEFAULT_BUSY_WAIT_MS : Math.min(seconds * 1000, MAX_BUSY_WAIT_MS);
}

/**
 * A 503 is the server shedding load (server/http/load.ts) or a full worker queue: the request was refused
 * before any work, so it is sent again, whatever its method, after `Retry-After`, a bounded number of times.
 * Only then does the refusal reach the caller, which keeps its screen.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return retryWhenBusy(() => requestOnce<T>(path, options));
}

/**
 * Runs `attempt` again while it throws a 503 refusal (see `refusal`), telling the listeners and waiting its
 * `Retry-After` each time: the one retry rule of every call to `/api`, JSON (above) or file (files.ts).
 */
export async function retryWhenBusy<T>(attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 503 || retry >= BUSY_RETRIES) throw error;
      for (const listener of busyListeners) listener(SERVER_BUSY_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? DEFAULT_BUSY_WAIT_MS));
    }
  }
}

/** The headers of every call: JSON, ISO dates and the token (also those of src/main.tsx's early reads). */
export function apiHeaders(): Record<string, string> {
  // Calendar dates as ISO, which the screens' inputs and `formatDate` read: without the header, the server answers
  // the original contract's dates as dd/mm/aaaa for the client written for it (server/crud/dates.ts).
  const headers: Record<string, string> = { Accept: 'application/json', [DATE_FORMAT_HEADER]: ISO_DATES };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function requestOnce<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, ...apiHeaders() };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    // A read src/main.tsx started while the screen's code was still downloading (the roll call's).
    const early = (options.method ?? 'GET') === 'GET' && !options.headers ? takeEarly(url, headers) : undefined;
    response = await (early ??
      fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body:
          options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      }));
  } catch {
    throw new ApiRequestError('Não foi possível falar com o servidor. Verifique sua conexão.', 0, null);
  }
  const body = await readBody(response);
  if (!response.ok) throw refusal(response, body, `Erro ${response.status} ao falar com o servidor.`);
  return body as T;
}

/** An answer's body: its JSON, else its text, else null. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The error of an answer that is not ok, in the server's words when it has some; a 503 carries its wait. */
export function refusal(response: Response, body: unknown, fallback: string): ApiRequestError {
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : fallback;
  const error = new ApiRequestError(message, response.status, body);
  if (response.status === 503) error.retryAfterMs = busyWaitMs(response.headers.get('retry-after'));
  return error;
}
