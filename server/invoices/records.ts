import { MONTH_NAMES } from '../../resources/format';
import { renderDescription } from '../../resources/nfse-settings';
import { dynamic, type Db } from '../db/connection';
import { enqueueIn } from '../jobs/enqueue-in';
import type { InvoiceError } from './service';
import { invoiceSetupOf, type FlowSettings } from './setup';

export const ISSUE_JOB = 'nfse.issue';
/** Tries of one submission: timeouts and 5xx wait longer each time (the runner's backoff) before the office is told. */
export const ISSUE_TRIES = 8;
/** The DPS series this school's invoices use (the layout's `serie`, up to five digits). */
export const DPS_SERIES = '1';

export type InvoiceStatus = 'pendente' | 'emitida' | 'rejeitada' | 'cancelada';

export interface InvoiceRow {
  id: number;
  financial_id: number;
  live_financial_id: number | null;
  replaces_id: number | null;
  status: InvoiceStatus;
  dps_series: string;
  dps_number: number;
  amount_cents: number;
  competence: string;
  description: string;
  number: string | null;
  access_key: string | null;
  issued_at: string | null;
  errors: InvoiceError[];
  xml: string | null;
  document_id: number | null;
  simulated: boolean;
  submissions: number;
  cancel_suggested_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
}

const instant = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export function invoiceOf(r: Record<string, unknown>): InvoiceRow {
  return {
    id: Number(r.id),
    financial_id: Number(r.financial_id),
    live_financial_id: r.live_financial_id === null ? null : Number(r.live_financial_id),
    replaces_id: r.replaces_id === null ? null : Number(r.replaces_id),
    status: r.status as InvoiceStatus,
    dps_series: String(r.dps_series),
    dps_number: Number(r.dps_number),
    amount_cents: Number(r.amount_cents),
    competence: String(r.competence),
    description: String(r.description),
    number: (r.number as string | null) ?? null,
    access_key: (r.access_key as string | null) ?? null,
    issued_at: instant(r.issued_at),
    errors: r.errors ? (JSON.parse(String(r.errors)) as InvoiceError[]) : [],
    xml: (r.xml as string | null) ?? null,
    document_id: r.document_id === null ? null : Number(r.document_id),
    simulated: Number(r.simulated) === 1,
    submissions: Number(r.submissions),
    cancel_suggested_at: instant(r.cancel_suggested_at),
    cancelled_at: instant(r.cancelled_at),
    cancel_reason: (r.cancel_reason as string | null) ?? null,
  };
}

/** The invoice that stands for a charge now (the last one made for it), or undefined. */
export async function liveInvoice(db: Db, chargeId: number): Promise<InvoiceRow | undefined> {
  const row = await dynamic(db)
    .selectFrom('nfse_invoices')
    .selectAll()
    .where('live_financial_id', '=', chargeId)
    .executeTakeFirst();
  return row ? invoiceOf(row) : undefined;
}

export async function invoiceById(db: Db, id: number): Promise<InvoiceRow | undefined> {
  const row = await dynamic(db).selectFrom('nfse_invoices').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? invoiceOf(row) : undefined;
}

/** The next DPS number of a series, in the caller's transaction: never the same twice, whoever else draws. */
async function nextDpsNumber(trx: Db, series: string): Promise<number> {
  const k = dynamic(trx);
  await k
    .insertInto('nfse_dps_numbers')
    .values({ series, last_number: 0 })
    .onConflict((oc) => oc.column('series').doNothing())
    .execute();
  const row = await k
    .updateTable('nfse_dps_numbers')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', series)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The description from the settings' template: the student, the month of competence, the instalment. */
export function describe(template: string, facts: { student: string; dueDate: string; quota: number }): string {
  const [year, month] = facts.dueDate.split('-').map(Number);
  return renderDescription(template, {
    aluno: facts.student,
    mes: `${MONTH_NAMES[month - 1]} de ${year}`,
    parcela: String(facts.quota),
  });
}

/** What a charge's invoice says: its paid amount, the month it refers to and the description. */
async function chargeFacts(trx: Db, chargeId: number, settings: FlowSettings) {
  const charge = await dynamic(trx)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['f.paid', 'f.quota', 'f.due_date', 'f.value_cents', 'f.paid_total_cents', 's.name as student'])
    .where('f.id', '=', chargeId)
    .executeTakeFirst();
  if (!charge || !Number(charge.paid)) return null;
  const dueDate = String(charge.due_date).slice(0, 10);
  return {
    amount_cents: Number(charge.paid_total_cents ?? charge.value_cents),
    competence: dueDate,
    description: describe(settings.description_template, {
      student: String(charge.student),
      dueDate,
      quota: Number(charge.quota),
    }),
  };
}

/**
 * A paid charge's invoice, made 'pendente' with its DPS number and its issuing job, in the caller's transaction.
 * Undefined when the charge has one standing already (issued, pending or rejected: the office resubmits that one)
 * or is not paid. One made for a charge whose invoice was cancelled (its payment undone, then paid again) takes
 * that one's place; `replaces` makes a substitute of an issued one (a corrected value).
 */
export async function openInvoice(
  trx: Db,
  chargeId: number,
  settings: FlowSettings,
  userId: number | null,
  replaces?: InvoiceRow,
): Promise<InvoiceRow | undefined> {
  const live = await liveInvoice(trx, chargeId);
  if (live && live.id !== replaces?.id && live.status !== 'cancelada') return undefined;
  const facts = await chargeFacts(trx, chargeId, settings);
  if (!facts) return undefined;
  const k = dynamic(trx);
  if (live)
    await k
      .updateTable('nfse_invoices')
      .set({ live_financial_id: null, updated_at: new Date().toISOString() })
      .where('id', '=', live.id)
      .execute();
  const number = await nextDpsNumber(trx, DPS_SERIES);
  const now = new Date().toISOString();
  const row = await k
    .insertInto('nfse_invoices')
    .values({
      financial_id: chargeId,
      live_financial_id: chargeId,
      replaces_id: replaces?.id ?? null,
      status: 'pendente',
      dps_series: DPS_SERIES,
      dps_number: number,
      ...facts,
      simulated: 0,
      submissions: 1,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    // Another request made the charge's invoice first (PostgreSQL waits for it, then makes none).
    .onConflict((oc) => oc.column('live_financial_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  const invoice = invoiceOf(row);
  await queueIssue(trx, invoice);
  return invoice;
}

/** The issuing job of an invoice's current submission: queued with it, once per submission. */
export async function queueIssue(trx: Db, invoice: Pick<InvoiceRow, 'id' | 'submissions'>): Promise<void> {
  await enqueueIn(
    trx,
    ISSUE_JOB,
    { invoice: invoice.id },
    { key: `${ISSUE_JOB}:${invoice.id}:${invoice.submissions}`, maxAttempts: ISSUE_TRIES },
  );
}

/**
 * Called where a charge becomes paid (the provider's settlement, the clerk marking it paid), in that transaction:
 * with the settings saying to issue on payment, the charge's invoice and its job are made with the payment, or not
 * at all. Without settings, nothing.
 */
export async function invoiceOnPayment(trx: Db, chargeId: number, userId: number | null): Promise<void> {
  const settings = await invoiceSetupOf(trx).settings(trx);
  // Paid again after its payment was undone: the issued invoice stands for it again, nothing to cancel.
  await dynamic(trx)
    .updateTable('nfse_invoices')
    .set({ cancel_suggested_at: null })
    .where('live_financial_id', '=', chargeId)
    .where('cancel_suggested_at', 'is not', null)
    .execute();
  if (!settings || settings.issue_on !== 'payment') return;
  await openInvoice(trx, chargeId, settings, userId);
}

/**
 * Called where a payment is undone (the provider's reversal, the clerk unmarking it), in that transaction: an issued
 * invoice, or one being issued, is flagged for the clerk to cancel (a cancellation is a fiscal act, with a reason,
 * made by a person); a rejected one, which the service never issued, is cancelled at once.
 */
export async function invoiceOnPaymentUndone(trx: Db, chargeId: number): Promise<void> {
  const live = await liveInvoice(trx, chargeId);
  if (!live || live.status === 'cancelada') return;
  const now = new Date().toISOString();
  const k = dynamic(trx).updateTable('nfse_invoices').where('id', '=', live.id).where('status', '=', live.status);
  if (live.status === 'rejeitada')
    await k
      .set({ status: 'cancelada', cancelled_at: now, cancel_reason: 'Pagamento desfeito antes da emissão.' })
      .set({ updated_at: now })
      .execute();
  else await k.set({ cancel_suggested_at: now, updated_at: now }).execute();
}
