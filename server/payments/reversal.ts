import type { FastifyBaseLogger } from 'fastify';
import { formatBRL, registrationNumber } from '../../resources/format';
import type { PaymentReversal } from '../../resources/receivables';
import { PROVIDER_USER_ID } from '../../resources/users';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { paidColumns } from '../finance/amount-due-of';
import { nextVersion } from '../finance/queries';
import { inTransaction } from '../finance/transaction';
import type { Mailer } from '../mail/mailer';
import { invoiceOnPaymentUndone } from '../invoices/records';
import { centsOf, type ProviderPayment } from './provider';

export type Reversal = Omit<PaymentReversal, 'at'>;

const TAKEN_BACK: Record<string, string> = {
  refunded: 'reembolsado',
  charged_back: 'contestado pelo pagador (chargeback)',
  cancelled: 'cancelado',
};

/** What the provider's answer says was taken back of a payment, or null when nothing was. */
export function reversalOf(payment: ProviderPayment): Reversal | null {
  const paid = centsOf(payment.transaction_amount);
  const refunded = centsOf(payment.transaction_amount_refunded);
  const base = { payment_id: String(payment.id), status: payment.status, paid_cents: paid, refunded_cents: refunded };
  if (payment.status in TAKEN_BACK) return { ...base, label: TAKEN_BACK[payment.status], reopened: true };
  if (payment.status === 'approved' && refunded !== null && refunded > 0)
    return { ...base, label: 'reembolsado em parte', reopened: false };
  return null;
}

export interface Reversing {
  chargeId: number;
  payment: ProviderPayment;
  provider: string;
  reversal: Reversal;
  /** Who settled it: the provider's user, or the staff user who pressed the simulation's 'Pagar'. */
  by: number | null;
  mailer?: Mailer;
  log?: FastifyBaseLogger;
}

/** The payment a charge was settled by, as stored then: only that one may take the charge's payment back. */
function settledBy(response: unknown): string | null {
  try {
    const stored = JSON.parse(String(response)) as { id?: unknown } | null;
    return stored?.id === undefined ? null : String(stored.id);
  } catch {
    return null;
  }
}

/**
 * The payment that settled a charge was refunded, charged back or cancelled: the charge is unpaid again (a partial
 * refund keeps it paid) and flagged with what happened, audited in the same transaction, and the finance clerks are
 * told by e-mail. Only the payment that settled the charge, as the one who settled it, takes it back (an old boleto
 * cancelled on a charge later paid in cash changes nothing), and once however many copies of the news arrive.
 */
export async function reverse(db: Db, r: Reversing): Promise<'reversed' | 'unchanged' | 'ignored'> {
  const charge = await dynamic(db)
    .selectFrom('financials')
    .select(['paid', 'paid_by', 'version', 'gateway_response', 'payment_reversal', 'registration_id', 'quota'])
    .where('id', '=', r.chargeId)
    .executeTakeFirst();
  // Not (or no longer) settled by this payment: nothing of the charge to take back.
  if (!charge || !Number(charge.paid)) return 'ignored';
  const settled = settledBy(charge.gateway_response);
  if (settled !== r.reversal.payment_id || (charge.paid_by === null ? null : Number(charge.paid_by)) !== r.by)
    return 'ignored';
  const known = charge.payment_reversal ? (JSON.parse(String(charge.payment_reversal)) as PaymentReversal) : null;
  if (known?.payment_id === r.reversal.payment_id && known.refunded_cents === r.reversal.refunded_cents)
    return 'unchanged';
  const now = new Date().toISOString();
  const flag: PaymentReversal = { ...r.reversal, at: now };
  const reopen = r.reversal.reopened
    ? { paid: 0, pay_day: null, paid_by: null, paid_via: null, paid_portal_account_id: null, ...paidColumns(null) }
    : ({} as Record<string, unknown>);
  const done = await inTransaction(db, async (trx) => {
    // Over the version read: a webhook and its copy (or two instances) take the payment back once.
    const written = await dynamic(trx)
      .updateTable('financials')
      .set({
        ...reopen,
        payment_reversal: JSON.stringify(flag),
        gateway_response: JSON.stringify(r.payment),
        updated_by: r.by,
        updated_at: now,
        version: nextVersion,
      })
      .where('id', '=', r.chargeId)
      .where('version', '=', charge.version)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) return false;
    await audit(trx, {
      userId: r.by ?? undefined,
      entity: 'financials',
      entityId: r.chargeId,
      action: 'reversal',
      changes: {
        provider: r.provider,
        payment_id: r.reversal.payment_id,
        status: r.reversal.status,
        refunded_cents: r.reversal.refunded_cents,
        ...(r.reversal.reopened ? { paid: [1, 0] } : {}),
      },
    });
    // Its invoice is offered to the clerk for cancellation (issue 41).
    if (r.reversal.reopened) await invoiceOnPaymentUndone(trx, r.chargeId);
    return true;
  });
  if (!done) return 'unchanged';
  // After the commit: the flag on the charge is what lasts; the e-mail is the nudge (a crash here loses only it).
  if (r.mailer)
    await tellFinanceClerks(db, r.mailer, {
      chargeId: r.chargeId,
      quota: Number(charge.quota),
      registrationId: Number(charge.registration_id),
      provider: r.provider,
      flag,
    }).catch((error: unknown) =>
      r.log?.warn({ charge: r.chargeId, reason: (error as Error).message }, 'reversal mail'),
    );
  return 'reversed';
}

/** Whoever may change charges (the finance permission), system users aside. */
async function financeClerks(db: Db): Promise<string[]> {
  const rows = await dynamic(db)
    .selectFrom('users as u')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'u.role_id')
    .select('u.email')
    .distinct()
    .where('rp.permission', '=', 'finance.write')
    .where('u.id', '!=', PROVIDER_USER_ID)
    .execute();
  return rows.map((row) => String(row.email)).filter((email) => email.includes('@'));
}

/**
 * The e-mail to the finance clerks. The outbox is readable by every signed-in user: it names the charge by its
 * number, instalment and enrolment, never the student or the payer.
 */
async function tellFinanceClerks(
  db: Db,
  mailer: Mailer,
  news: { chargeId: number; quota: number; registrationId: number; provider: string; flag: PaymentReversal },
): Promise<void> {
  const { flag } = news;
  const who = news.provider === 'sandbox' ? 'A simulação de pagamentos' : 'O Mercado Pago';
  const amounts = [
    flag.paid_cents === null ? null : `Valor pago: ${formatBRL(flag.paid_cents)}.`,
    flag.refunded_cents === null ? null : `Valor devolvido: ${formatBRL(flag.refunded_cents)}.`,
  ].filter(Boolean);
  const outcome = flag.reopened
    ? 'A pendência voltou a ficar em aberto e está marcada na aba FINANCEIRO do aluno. Confira com a família e, se for o caso, gere uma nova cobrança.'
    : 'A pendência continua paga e está marcada na aba FINANCEIRO do aluno: confira o valor devolvido com a família.';
  const text = [
    `${who} informou que o pagamento ${flag.payment_id} da pendência nº ${news.chargeId} (parcela ${news.quota}, matrícula ${registrationNumber(news.registrationId)}) foi ${flag.label}.`,
    ...amounts,
    outcome,
  ].join('\n\n');
  const subject = flag.reopened
    ? `Pagamento ${flag.label}: a pendência nº ${news.chargeId} voltou a ficar em aberto`
    : `Pagamento ${flag.label}: pendência nº ${news.chargeId}`;
  for (const to of await financeClerks(db)) await mailer.send({ to, subject, text });
}
