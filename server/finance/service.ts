import { schoolDayOf } from '../../resources/format';
import { audit, auditAll, diff } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { conflict, notFound, validationError, type FieldErrors } from '../http/errors';
import { isIsoDay } from './amount-due';
import { paidColumns, priceOn, pricingFor, recordManualPayment } from './amount-due-of';
import { planInstalments } from './instalments';
import { chargeById, chargesWhere, type Charge } from './queries';
import { inTransaction } from './transaction';
import { invoiceOnPayment, invoiceOnPaymentUndone } from '../invoices/records';

export const CHARGE_NOT_FOUND = 'Pendência financeira não encontrada.';
/** A write that carried the version it read, when someone else wrote the charge since (issue 34). */
export const STALE_CHARGE =
  'Esta cobrança foi alterada por outra pessoa depois que você a abriu. Nada foi gravado: abra-a de novo para ver como ela está agora e refaça a alteração.';
/** The value of a paid charge and what was recorded as paid must never disagree (issue 34). */
export const PAID_VALUE_FIXED =
  'Esta cobrança já está paga e o valor de uma cobrança paga não muda. Para corrigi-lo, desfaça o pagamento primeiro (desmarque "Pago" e salve) e depois altere o valor.';
/** Tries of a write without a version that lost a race: read again and decided again on what is there now. */
const ATTEMPTS = 5;

/** A charge's columns as validated from a request (create: all required ones present). */
export interface ChargeValues {
  registration_id?: number;
  value_cents?: number;
  quota?: number | null;
  due_date?: string;
  paid?: 0 | 1;
  pay_day?: string | null;
  service_type_id?: number | null;
  payment_type_id?: number | null;
  observations?: string | null;
  financial_observation?: string | null;
}

/** References that must exist, each refused by name (never a foreign-key 500). */
async function checkReferences(db: Db, values: ChargeValues): Promise<void> {
  const k = dynamic(db);
  const errors: FieldErrors = {};
  const checks: [keyof ChargeValues, string, string][] = [
    ['registration_id', 'registrations', 'Matrícula não encontrada.'],
    ['service_type_id', 'service_types', 'Tipo de serviço não encontrado.'],
    ['payment_type_id', 'payment_types', 'Forma de pagamento não encontrada.'],
  ];
  for (const [field, table, message] of checks) {
    const id = values[field];
    if (typeof id === 'number' && !(await k.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()))
      errors[field] = [message];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Paying sets the pay day (today unless given) and who paid (at the desk); unpaying clears both. */
function paymentColumns(values: ChargeValues, userId: number | undefined): Record<string, unknown> {
  const atDesk = { paid_via: null, paid_portal_account_id: null };
  // A person marking it paid has decided on a divergent payment: the mark goes.
  if (values.paid === 1)
    return {
      paid: 1,
      pay_day: values.pay_day ?? schoolDayOf(),
      paid_by: userId ?? null,
      ...atDesk,
      payment_divergence: null,
    };
  // Unpaid again: what it was paid of each part, and through where, go with the payment.
  if (values.paid === 0) return { paid: 0, pay_day: null, paid_by: null, ...atDesk, ...paidColumns(null) };
  return values.pay_day !== undefined ? { pay_day: values.pay_day } : {};
}

/** The charges come from a payment plan: each names it and its instalment; `refused`: the plan is there already. */
export interface FromPlan {
  id: number;
  /** The day of the month every due date keeps (clamped to a shorter month's last day). */
  day: number;
  refused: string;
  /**
   * The caller found the registration, and the plan's service and payment types cannot be missing (NOT NULL, ON
   * DELETE RESTRICT): the three look-ups of checkReferences are skipped.
   */
  referencesChecked?: boolean;
}

/** A new charge's row: its quota and due date given, paid (priced on its pay day) or not. */
function chargeRow(
  values: ChargeValues & { registration_id: number; value_cents: number; quota: number; due_date: string },
  userId: number | undefined,
  now: string,
  pricing: Awaited<ReturnType<typeof pricingFor>> | null,
): Record<string, unknown> {
  const row = {
    registration_id: values.registration_id,
    value_cents: values.value_cents,
    quota: values.quota,
    due_date: values.due_date,
    paid: 0,
    pay_day: null,
    ...paymentColumns(values, userId),
    service_type_id: values.service_type_id ?? null,
    payment_type_id: values.payment_type_id ?? null,
    observations: values.observations ?? null,
    financial_observation: values.financial_observation ?? null,
    created_by: userId ?? null,
    updated_by: userId ?? null,
    created_at: now,
    updated_at: now,
  };
  if (!pricing || values.paid !== 1) return row;
  const payDay = isIsoDay(row.pay_day) ? row.pay_day : schoolDayOf();
  return { ...row, ...paidColumns(priceOn(pricing, row, payDay)) };
}

/** Charges as created, each audited like a charge created on screen, in the caller's transaction. */
async function insertAudited(db: Db, rows: Record<string, unknown>[], userId: number | undefined): Promise<Charge[]> {
  const inserted = await dynamic(db).insertInto('financials').values(rows).returning('id').execute();
  // Audited in the same transaction: a request killed after the insert leaves no charge without its audit.
  const charges = await chargesWhere(
    db,
    'id',
    inserted.map((row) => Number(row.id)),
  );
  await auditAll(
    db,
    charges.map((charge) => ({
      userId,
      entity: 'financials',
      entityId: charge.id,
      action: 'create' as const,
      changes: auditable(charge),
    })),
  );
  return charges;
}

/**
 * Many single charges, each with its own enrolment, quota and due date (a spreadsheet import's slice, issue 37): the
 * same references checked, rows, pricing of the paid ones and audit entries as createCharges, with one query of each
 * kind for the whole slice instead of seven per charge. All or nothing, in the caller's transaction when there is one.
 */
export async function createChargeList(
  db: Db,
  list: (ChargeValues & { registration_id: number; value_cents: number; quota: number; due_date: string })[],
  userId: number | undefined,
): Promise<Charge[]> {
  if (list.length === 0) return [];
  const k = dynamic(db);
  const checks: [keyof ChargeValues, string, string][] = [
    ['registration_id', 'registrations', 'Matrícula não encontrada.'],
    ['service_type_id', 'service_types', 'Tipo de serviço não encontrado.'],
    ['payment_type_id', 'payment_types', 'Forma de pagamento não encontrada.'],
  ];
  const errors: FieldErrors = {};
  for (const [field, table, message] of checks) {
    const ids = [...new Set(list.map((v) => v[field]).filter((id): id is number => typeof id === 'number'))];
    if (!ids.length) continue;
    const found = await k.selectFrom(table).select('id').where('id', 'in', ids).execute();
    if (found.length < ids.length) errors[field] = [message];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  const now = new Date().toISOString();
  const paid = [...new Set(list.filter((v) => v.paid === 1).map((v) => v.registration_id))];
  const pricing = paid.length ? await pricingFor(db, paid) : null;
  return inTransaction(db, (trx) =>
    insertAudited(
      trx,
      list.map((values) => chargeRow(values, userId, now, pricing)),
      userId,
    ),
  );
}

/**
 * N charges of one registration in one transaction: quotas from the given one (or the next free), due
 * dates a calendar month apart. All or nothing. With `plan`, refused (409) when the registration already has
 * charges of it, two requests racing included (the unique index on registration, plan and instalment).
 */
export async function createCharges(
  db: Db,
  values: Required<Pick<ChargeValues, 'registration_id' | 'value_cents' | 'due_date'>> & ChargeValues,
  repetitions: number,
  userId: number | undefined,
  plan?: FromPlan,
): Promise<Charge[]> {
  if (!plan?.referencesChecked) await checkReferences(db, values);
  const now = new Date().toISOString();
  // Created paid: each records what its pay day asked of each part (issue 27), priced together before the insert.
  const pricing = values.paid === 1 ? await pricingFor(db, [values.registration_id]) : null;
  // Joins the caller's transaction (a spreadsheet import's chunk) when there is one.
  return inTransaction(db, async (inTrx) => {
    const trx = dynamic(inTrx);
    // The next free quota and, for a plan, whether it is there already: one query.
    const last = await trx
      .selectFrom('financials')
      .select((eb) => [
        eb.fn.max('quota').as('q'),
        eb.fn
          .max(
            eb
              .case()
              .when('payment_plan_id', '=', plan?.id ?? -1)
              .then(1)
              .else(0)
              .end(),
          )
          .as('has_plan'),
      ])
      .where('registration_id', '=', values.registration_id)
      .executeTakeFirst();
    if (plan && Number(last?.has_plan ?? 0) === 1) throw conflict(plan.refused);
    const first = values.quota ?? Number(last?.q ?? 0) + 1;
    // One statement for all the instalments (at most 120 rows): a plan applied to a whole school is a thousand calls.
    const rows = planInstalments(values.due_date, repetitions, first, plan?.day).map((instalment, i) => ({
      ...chargeRow({ ...values, ...instalment }, userId, now, pricing),
      ...(plan ? { payment_plan_id: plan.id, plan_instalment: i + 1 } : {}),
    }));
    return insertAudited(inTrx, rows, userId);
  }).catch((error: unknown) => {
    // The other request of a race committed the plan's charges first.
    if (plan && isUniqueViolation(error)) throw conflict(plan.refused);
    throw error;
  });
}

/** A paid charge's value changes only once its payment is undone (in the same write, or before). */
function assertValueMayChange(stored: Charge, values: ChargeValues): void {
  if (stored.paid !== 1 || values.paid === 0) return;
  if (values.value_cents !== undefined && values.value_cents !== stored.value_cents)
    throw validationError({ value: [PAID_VALUE_FIXED] });
}

/** The columns an update writes over `stored`. */
function updateColumns(stored: Charge, values: ChargeValues, userId: number | undefined): Record<string, unknown> {
  const { paid: _paid, pay_day: _payDay, ...plain } = values;
  const columns: Record<string, unknown> = {
    ...plain,
    ...paymentColumns(values, userId),
    updated_by: userId ?? null,
    updated_at: new Date().toISOString(),
    version: stored.version + 1,
  };
  // Re-marking a charge paid keeps who and when it was first paid (the provider's payment included).
  if (values.paid === 1 && stored.paid === 1) {
    delete columns.paid_by;
    delete columns.paid_via;
    delete columns.paid_portal_account_id;
    if (values.pay_day === undefined) delete columns.pay_day;
  }
  // Paid again: a payment the provider took back is no longer the charge's news.
  if (values.paid === 1) columns.payment_reversal = null;
  return columns;
}

/**
 * One write to a charge, with its audit, in one transaction. The update is conditional on the version read
 * (compare-and-set), so `stored` is exactly what it replaced and the audit's diff is the change made. A client that
 * sends the version it read (`expectedVersion`) gets 409 when the charge changed since; one that does not (the
 * original contract) writes last, decided again on the charge as it is then: a paid charge's value still never
 * changes without its payment being undone.
 */
export async function updateCharge(
  db: Db,
  stored: Charge,
  values: ChargeValues,
  userId: number | undefined,
  expectedVersion?: number,
): Promise<Charge> {
  await checkReferences(db, values);
  for (let attempt = 1; ; attempt++) {
    if (expectedVersion !== undefined && stored.version !== expectedVersion) throw conflict(STALE_CHARGE);
    assertValueMayChange(stored, values);
    const before = stored;
    const updated = await inTransaction(db, async (trx) => {
      const written = await dynamic(trx)
        .updateTable('financials')
        .set(updateColumns(before, values, userId))
        .where('id', '=', before.id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) !== 1) return undefined;
      // Marked paid by hand: what its pay day asked of each part is recorded (kept when it was already paid).
      if (values.paid === 1) await recordManualPayment(trx, before.id);
      // Paid now, or unpaid: its invoice is made, or offered for cancellation, with the change (issue 41).
      if (values.paid === 1 && before.paid !== 1) await invoiceOnPayment(trx, before.id, userId ?? null);
      if (values.paid === 0 && before.paid === 1) await invoiceOnPaymentUndone(trx, before.id);
      const after = await chargeById(trx, before.id);
      await audit(trx, {
        userId,
        entity: 'financials',
        entityId: before.id,
        action: 'update',
        changes: diff(auditable(before), auditable(after)),
      });
      return after;
    });
    if (updated) return updated;
    if (expectedVersion !== undefined || attempt === ATTEMPTS) throw conflict(STALE_CHARGE);
    const now = await chargeById(db, stored.id);
    if (!now) throw notFound(CHARGE_NOT_FOUND);
    stored = now;
  }
}

/** A charge that has (or had) a service invoice is a fiscal record: it stays (issue 41). */
export const HAS_INVOICE =
  'Esta cobrança tem nota fiscal (NFS-e) e não pode ser removida. Se o pagamento não vale, desmarque "Pago" e cancele a nota.';

async function hasInvoice(db: Db, chargeId: number): Promise<boolean> {
  const row = await dynamic(db)
    .selectFrom('nfse_invoices')
    .select('id')
    .where('financial_id', '=', chargeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a charge with its audit, in one transaction; `expectedVersion` as in updateCharge. */
export async function deleteCharge(
  db: Db,
  stored: Charge,
  userId: number | undefined,
  expectedVersion?: number,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (expectedVersion !== undefined && stored.version !== expectedVersion) throw conflict(STALE_CHARGE);
    const before = stored;
    if (await hasInvoice(db, before.id)) throw conflict(HAS_INVOICE);
    const deleted = await inTransaction(db, async (trx) => {
      const removed = await dynamic(trx)
        .deleteFrom('financials')
        .where('id', '=', before.id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) return false;
      await audit(trx, {
        userId,
        entity: 'financials',
        entityId: before.id,
        action: 'delete',
        changes: auditable(before),
      });
      return true;
    });
    if (deleted) return;
    if (expectedVersion !== undefined || attempt === ATTEMPTS) throw conflict(STALE_CHARGE);
    const now = await chargeById(db, stored.id);
    if (!now) throw notFound(CHARGE_NOT_FOUND);
    stored = now;
  }
}

/** What the audit keeps of a charge: its own values, not the embedded names. */
function auditable(charge: Charge): Record<string, unknown> {
  const {
    user: _u,
    updated_user: _uu,
    paid_user: _pu,
    service_type: _st,
    payment_type: _pt,
    value: _v,
    gateway_response: _g,
    version: _version,
    ...own
  } = charge;
  return own;
}
