import { z } from 'zod';
import { dateInRange, parseDate, parseInteger } from '../../resources/format';

/**
 * Strict value schemas shared by the resource pipeline and the bespoke routes (books, enrolments,
 * settings), so that one date or one integer is read the same way on every route.
 */

// `.optional()` before each transform: zod 4 otherwise reports an absent key as "nonoptional" in English
// instead of running the transform, which gives the pt-BR message or the null.
const isBlank = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');

function dateOf(raw: unknown, message: string, rangeMessage: string, ctx: z.RefinementCtx): string {
  const iso = parseDate(raw);
  if (iso !== null && dateInRange(iso)) return iso;
  ctx.addIssue({ code: 'custom', message: iso === null ? message : rangeMessage });
  return z.NEVER;
}

/**
 * A calendar date from `YYYY-MM-DD` or `dd/mm/yyyy`, answered as ISO; a day that does not exist is refused
 * with `message`, a day outside `DATE_RANGE` (a year typed 0026) with `rangeMessage`.
 */
export function dateSchema(message: string, rangeMessage = message) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => dateOf(raw, message, rangeMessage, ctx));
}

/** Like `dateSchema`; absent, null or blank is null. */
export function optionalDateSchema(message: string, rangeMessage = message) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => (isBlank(raw) ? null : dateOf(raw, message, rangeMessage, ctx)));
}

export interface IntegerBounds {
  min?: number;
  max?: number;
  /** Messages of the bounds; `message` otherwise. */
  minMessage?: string;
  maxMessage?: string;
}

function integerOf(raw: unknown, message: string, bounds: IntegerBounds, ctx: z.RefinementCtx): number {
  // A sign is read everywhere; where a negative cannot be right the lower bound answers it.
  const n = parseInteger(raw);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  if (bounds.min !== undefined && n < bounds.min) {
    ctx.addIssue({ code: 'custom', message: bounds.minMessage ?? message });
    return z.NEVER;
  }
  if (bounds.max !== undefined && n > bounds.max) {
    ctx.addIssue({ code: 'custom', message: bounds.maxMessage ?? message });
    return z.NEVER;
  }
  return n;
}

/**
 * An integer from a JSON number or plain decimal digits (multipart sends text). `true`, `"0x10"`,
 * `"1e3"`, `[1]` and fractions are refused with `message`, where `z.coerce` would have taken them.
 */
export function integerSchema(message: string, bounds: IntegerBounds = {}) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => integerOf(raw, message, bounds, ctx));
}

/** Like `integerSchema`; absent, null or blank is null. */
export function optionalIntegerSchema(message: string, bounds: IntegerBounds = {}) {
  return z
    .unknown()
    .optional()
    .transform((raw, ctx) => (isBlank(raw) ? null : integerOf(raw, message, bounds, ctx)));
}
