/** How long a failed job waits before its next try: doubled after each failure, never longer than `maxMs`. */
export interface Backoff {
  /** The wait after the first failure. */
  baseMs: number;
  /** The longest wait, however many failures came before. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 3_600_000 };

/**
 * The wait after failed try number `attempt` (1 for the first try): base, 2×base, 4×base… up to `maxMs`.
 * With the defaults: 30 s, 1 min, 2 min, 4 min… 1 h.
 */
export function backoffMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const n = Math.max(1, Math.floor(attempt));
  // 2 ** 60 already overflows any sensible wait: capped before it becomes Infinity.
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(n - 1, 60));
}
