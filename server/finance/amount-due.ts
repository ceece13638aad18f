/**
 * The money rules of a charge, exact to the centavo and free of any database: what a family owes for a
 * charge on a given day (principal, discounts, the late fine and interest). Every amount is integer
 * centavos, every percent is basis points (200 = 2,00 %), every date `YYYY-MM-DD` text counted by UTC
 * calendar arithmetic, so no time zone can move a day. docs/escola/financas.md states these rules with an example.
 */
import type { AmountDue } from '../../resources/receivables';

export type { AmountDue };

/** The legal ceiling of the late fine on a consumer contract (CDC art. 52 §1): 2 %. */
export const MAX_FINE_BP = 200;

export interface Discount {
  kind: 'percent' | 'amount';
  /** Basis points for a percent (10000 = 100 %), centavos for an amount. */
  value: number;
}

export interface Scholarship extends Discount {
  /** Inclusive bounds of the due dates it covers; a missing bound is open. */
  valid_from?: string | null;
  valid_until?: string | null;
}

export interface Punctuality extends Discount {
  /** Paid on or before `due_date − days_before` earns the discount. */
  days_before: number;
}

export interface MoneyRules {
  finePercentBp: number;
  interestMonthBp: number;
  scholarship?: Scholarship | null;
  punctuality?: Punctuality | null;
}

export interface ChargeTerms {
  value_cents: number;
  due_date: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The day number of a `YYYY-MM-DD` text (days since 1970-01-01), or null when it is no real date. */
export function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Not Date.UTC: it reads years 0–99 as 1900–1999, and a mistyped 0026 would become 1926.
  const back = new Date(0);
  back.setUTCFullYear(year, month - 1, day);
  const ms = back.getTime();
  // 2027-02-30 would roll over to March: refuse it instead.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** Whether `date` is a real calendar day written `YYYY-MM-DD`. */
export const isIsoDay = (date: unknown): date is string => typeof date === 'string' && dayNumber(date) !== null;

function mustDay(date: string): number {
  const n = dayNumber(date);
  if (n === null) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return n;
}

/** `numerator / denominator` rounded half-up (both non-negative), in BigInt so no product loses a centavo. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** A percent (basis points) or a fixed amount taken from `base`, never more than `base`. */
function discountOn(base: number, discount: Discount): number {
  const value = Math.max(0, Math.trunc(discount.value));
  const cut = discount.kind === 'percent' ? roundHalfUp(BigInt(base) * BigInt(Math.min(value, 10000)), 10000n) : value;
  return Math.min(cut, base);
}

/**
 * The last day a charge may be paid without fine or interest: its due date, or the next Monday when it
 * falls on a Saturday or Sunday (holidays are not known to the school's calendar, so they do not count).
 */
export function graceDay(dueDay: number): number {
  const weekday = new Date(dueDay * DAY_MS).getUTCDay(); // 0 Sunday … 6 Saturday
  if (weekday === 6) return dueDay + 2;
  if (weekday === 0) return dueDay + 1;
  return dueDay;
}

/**
 * What is due for `charge` when paid on `date`:
 * - principal: the charge's value;
 * - discount: the scholarship (when the due date is within its validity) plus the punctuality discount
 *   (when paid on or before `due_date − days_before`, taken on what the scholarship leaves);
 * - fine: once, `finePercentBp` (at most 2 %) of the principal less the scholarship, when paid late;
 * - interest: simple, pro rata die, `interestMonthBp / 30` per calendar day since the due date, same base;
 * - late means after the due date, or after the next Monday when the due date is a Saturday or Sunday.
 * Each part is rounded half-up to the centavo on its own; total = principal − discount + fine + interest.
 */
export function amountDue(charge: ChargeTerms, rules: MoneyRules, date: string): AmountDue {
  const principal = Math.max(0, Math.trunc(charge.value_cents));
  const dueDay = mustDay(charge.due_date);
  const payDay = mustDay(date);

  const scholarship = rules.scholarship;
  const covered =
    !!scholarship &&
    (!scholarship.valid_from || charge.due_date >= scholarship.valid_from) &&
    (!scholarship.valid_until || charge.due_date <= scholarship.valid_until);
  const grant = covered ? discountOn(principal, scholarship) : 0;
  const base = principal - grant;

  const punctuality = rules.punctuality;
  const early = !!punctuality && payDay <= dueDay - Math.max(0, Math.trunc(punctuality.days_before));
  const bonus = early ? discountOn(base, punctuality) : 0;

  const late = payDay > graceDay(dueDay);
  const fineBp = Math.min(Math.max(0, Math.trunc(rules.finePercentBp)), MAX_FINE_BP);
  const monthBp = Math.max(0, Math.trunc(rules.interestMonthBp));
  const fine = late ? roundHalfUp(BigInt(base) * BigInt(fineBp), 10000n) : 0;
  const daysLate = late ? payDay - dueDay : 0;
  const interest = late ? roundHalfUp(BigInt(base) * BigInt(monthBp) * BigInt(daysLate), 300_000n) : 0;

  const discount = grant + bonus;
  const total = Math.max(0, principal - discount + fine + interest);
  return { principal, discount, fine, interest, total };
}

/** What a settled charge recorded it paid of each part (its `paid_*_cents` columns); null when it recorded none. */
export function paidPartsOf(row: Record<string, unknown>): AmountDue | null {
  if (row.paid_total_cents === null || row.paid_total_cents === undefined) return null;
  return {
    principal: Number(row.paid_principal_cents),
    discount: Number(row.paid_discount_cents),
    fine: Number(row.paid_fine_cents),
    interest: Number(row.paid_interest_cents),
    total: Number(row.paid_total_cents),
  };
}
