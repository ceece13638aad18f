import { z } from 'zod';

/**
 * Every id and integer column is a PostgreSQL `integer` (SQLite would hold more): a value past these
 * bounds is refused as bad input instead of reaching the database and failing there.
 */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

/** A whole number as it arrives: a JSON number, or digits in a form or query field (spaces around allowed). */
export function wholeNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  return /^-?\d{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

/** A row id: 1 to INT_MAX; anything else (0, arrays, booleans, 2147483648) is `undefined`. */
export function asId(raw: unknown): number | undefined {
  const n = wholeNumber(raw);
  return n !== undefined && n >= 1 && n <= INT_MAX ? n : undefined;
}

/** The id of a body field of a bespoke route, answering `message` for anything that is not one. */
export function idSchema(message: string) {
  return z.unknown().transform((raw, ctx) => {
    const id = asId(raw);
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
}

/** An id that may be left empty ('' or null become null). */
export function optionalIdSchema(message: string) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || raw === '') return null;
      const id = asId(raw);
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
}
