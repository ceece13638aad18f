import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_BACKOFF } from '../../server/jobs/backoff';

describe('job backoff', () => {
  it('doubles the wait after each failed try, from 30 s, up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffMs(n))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(DEFAULT_BACKOFF).toEqual({ baseMs: 30_000, maxMs: 3_600_000 });
  });

  it('follows its own base and ceiling', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, { baseMs: 100, maxMs: 500 }))).toEqual([100, 200, 400, 500]);
  });

  it('never answers Infinity or less than the base, whatever the count of tries', () => {
    expect(backoffMs(10_000)).toBe(3_600_000);
    expect(backoffMs(0)).toBe(30_000);
    expect(backoffMs(-3)).toBe(30_000);
  });
});
