import type { FastifyInstance } from 'fastify';
import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { idParam, notFound, validationError } from '../http/errors';
import { amountDue, isIsoDay, paidPartsOf, type AmountDue, type Scholarship } from './amount-due';
import { DEFAULT_MONEY_RULES, moneyRulesOf, type SchoolMoneyRules } from '../school/late-fees';
import { scholarshipRules } from './scholarships';

/**
 * The one place a charge's amount due is worked out from the database (issue 27): the charge, the school's
 * late fees and punctuality discount, and the enrolment's scholarship, through the pure rules of amount-due.ts.
 * The payment links, the portal, the amount-due route and the settlement all ask here.
 */

/** The school's late fees and punctuality discount as the rules take them (defaults before any settings row). */
export async function schoolMoneyRules(db: Db): Promise<SchoolMoneyRules> {
  const row = await dynamic(db)
    .selectFrom('school_settings')
    .select(['late_fine_bp', 'interest_month_bp', 'punctuality_kind', 'punctuality_value', 'punctuality_days'])
    .orderBy('id')
    .executeTakeFirst();
  return row ? moneyRulesOf(row) : DEFAULT_MONEY_RULES;
}

/**
 * What charge `chargeId` asks when paid on `date` ('YYYY-MM-DD'; default today in São Paulo), in centavos; a paid
 * charge answers what was paid. Undefined when there is no such charge.
 */
export async function amountDueOf(db: Db, chargeId: number, date = schoolDayOf()): Promise<AmountDue | undefined> {
  const row = (await dynamic(db)
    .selectFrom('financials')
    .select([
      'registration_id',
      'value_cents',
      'due_date',
      'paid',
      'paid_principal_cents',
      'paid_discount_cents',
      'paid_fine_cents',
      'paid_interest_cents',
      'paid_total_cents',
    ])
    .where('id', '=', chargeId)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  if (Number(row.paid)) {
    const value = Number(row.value_cents);
    // Settled before issue 27: its value, in full.
    return paidPartsOf(row) ?? { principal: value, discount: 0, fine: 0, interest: 0, total: value };
  }
  return (await amountsDueOn(db, date, [Number(row.registration_id)]))(row as unknown as OpenCharge);
}

export interface OpenCharge {
  registration_id: number | string;
  value_cents: number | string;
  due_date: string;
}

/** What prices charges: the school's rules and the scholarships of the enrolments concerned. */
export interface Pricing {
  rules: SchoolMoneyRules;
  scholarships: Map<number, Scholarship>;
}

/**
 * The rules and the scholarships of `registrationIds` (every enrolment's when not given: a report, the sweep), read
 * once for however many charges are then priced.
 */
export async function pricingFor(db: Db, registrationIds?: number[]): Promise<Pricing> {
  return { rules: await schoolMoneyRules(db), scholarships: await scholarshipRules(db, registrationIds) };
}

/** What `charge` asks when paid on `date`, by its terms as given (not its stored paid state). */
export function priceOn(pricing: Pricing, charge: OpenCharge, date: string): AmountDue {
  const terms = { value_cents: Number(charge.value_cents), due_date: charge.due_date };
  // A due date that is no calendar day (written before dates were checked) has no rules to apply: its value is
  // what it asks, and one such row does not stop a report of a million.
  if (!isIsoDay(charge.due_date))
    return { principal: terms.value_cents, discount: 0, fine: 0, interest: 0, total: terms.value_cents };
  const scholarship = pricing.scholarships.get(Number(charge.registration_id)) ?? null;
  return amountDue(terms, { ...pricing.rules, scholarship }, date);
}

/**
 * The amount due on `date` of many open charges (a report, a sweep, a student's charges): the rules and the
 * scholarships read once, instead of three reads per charge through `amountDueOf`.
 */
export async function amountsDueOn(
  db: Db,
  date: string,
  registrationIds?: number[],
): Promise<(charge: OpenCharge) => AmountDue> {
  const pricing = await pricingFor(db, registrationIds);
  return (charge) => priceOn(pricing, charge, date);
}

/** The columns of a charge that record what was paid of each part (null: not paid). */
export const paidColumns = (parts: AmountDue | null) => ({
  paid_principal_cents: parts?.principal ?? null,
  paid_discount_cents: parts?.discount ?? null,
  paid_fine_cents: parts?.fine ?? null,
  paid_interest_cents: parts?.interest ?? null,
  paid_total_cents: parts?.total ?? null,
});

/**
 * A charge the office marked paid by hand: what it was paid of each part is what the rules asked on its pay day
 * (once; a charge that already has its parts keeps them).
 */
export async function recordManualPayment(db: Db, chargeId: number): Promise<void> {
  const k = dynamic(db);
  const row = await k
    .selectFrom('financials')
    .select(['registration_id', 'value_cents', 'due_date', 'paid', 'pay_day', 'paid_total_cents'])
    .where('id', '=', chargeId)
    .executeTakeFirst();
  if (!row || !Number(row.paid) || row.paid_total_cents !== null) return;
  const day = isIsoDay(row.pay_day) ? row.pay_day : schoolDayOf();
  const parts = (await amountsDueOn(db, day, [Number(row.registration_id)]))(row as OpenCharge);
  await k.updateTable('financials').set(paidColumns(parts)).where('id', '=', chargeId).execute();
}

export const BAD_DATE = 'Informe a data como AAAA-MM-DD, por exemplo 2027-03-25.';

export function registerAmountDueRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string }; Querystring: { date?: unknown } }>(
    '/financials/:id/amount-due',
    { config: { access: 'finance.read' } },
    async (request) => {
      const id = idParam(request.params.id);
      const raw = request.query?.date;
      if (raw !== undefined && raw !== '' && !isIsoDay(raw)) throw validationError({ date: [BAD_DATE] });
      const due = await amountDueOf(db, id, typeof raw === 'string' && raw ? raw : schoolDayOf());
      if (!due) throw notFound('Pendência financeira não encontrada.');
      return due;
    },
  );
}
