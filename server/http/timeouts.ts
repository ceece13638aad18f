import type { FastifyServerOptions } from 'fastify';

/**
 * How long a client may take to send a request, and a connection may stay silent. Without them a
 * body trickled one byte at a time kept its socket (and the request's memory) open for minutes, and
 * enough such clients would hold every socket the server has.
 */
export interface Timeouts {
  /** To send the request line and headers. */
  headersMs: number;
  /** To send the whole request, body included (a 10 MB upload on a slow line fits). */
  requestMs: number;
  /** Without a byte either way: also while the answer is made, so longer than the slowest report. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 20_000, requestMs: 120_000, idleMs: 300_000 };

/** Fastify's own keep-alive time, longer than a load balancer's usual 60 s (see its documentation). */
const KEEP_ALIVE_MS = 72_000;

/** Fastify's (and Node's) options for the timeouts. */
export function timeoutOptions(given: Partial<Timeouts> = {}): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const t = { ...DEFAULT_TIMEOUTS, ...given };
  return {
    connectionTimeout: t.idleMs,
    // Between two requests of a kept-alive connection Node waits this instead of the idle time: never
    // longer than the idle time either, or a silent connection would outlive it there.
    keepAliveTimeout: Math.min(KEEP_ALIVE_MS, t.idleMs),
    requestTimeout: t.requestMs,
    http: {
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      // Node checks the header and request deadlines on this interval (30 s by default): a fraction of
      // the shortest one, so that a deadline is kept to within a quarter of itself.
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(Math.min(t.headersMs, t.requestMs) / 4))),
    },
  };
}
