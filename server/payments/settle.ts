import { schoolDayOf } from '../../resources/format';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { PROVIDER_USER_ID } from '../../resources/users';
import type { AmountDue } from '../finance/amount-due';
import { amountDueOf, paidColumns } from '../finance/amount-due-of';
import { inTransaction } from '../finance/transaction';
import { nextVersion } from '../finance/queries';
import type { Mailer } from '../mail/mailer';
import type { FastifyBaseLogger } from 'fastify';
import { centsOf, type ProviderPayment } from './provider';
import { reversalOf, reverse } from './reversal';
import { invoiceOnPayment } from '../invoices/records';

/** A link this server made for a charge, with the amount it asked: a notification is checked against it. */
export async function recordLink(
  db: Db,
  link: {
    chargeId: number;
    provider: string;
    kind: 'payment' | 'preference';
    externalId: string;
    amountCents: number;
    /** What the amount is made of (issue 27): recorded on the charge when its payment settles it. */
    parts?: AmountDue;
    /** The family's portal account that made it (issue 35); null or absent when the office did. */
    portalAccountId?: number | null;
  },
): Promise<void> {
  await dynamic(db)
    .insertInto('payment_links')
    .values({
      financial_id: link.chargeId,
      provider: link.provider,
      kind: link.kind,
      external_id: link.externalId.slice(0, 64),
      amount_cents: link.amountCents,
      parts: link.parts ? JSON.stringify(link.parts) : null,
      portal_account_id: link.portalAccountId ?? null,
      created_at: new Date().toISOString(),
    })
    // The same payment answered again for the same idempotency key: one link.
    .onConflict((oc) => oc.columns(['financial_id', 'kind', 'external_id']).doNothing())
    .execute();
}

/** What a payment that did not match is kept as on the charge ('pagamento divergente'), for a person to decide. */
export interface PaymentDivergence {
  payment_id: string;
  /** What the provider says was paid, in centavos (null when it gave no amount). */
  paid_cents: number | null;
  currency: string | null;
  /** What the charge asks now (today's amount due). */
  expected_cents: number;
  reasons: string[];
  at: string;
}

/** The parts a link asked; a link made before issue 27 asked the charge's value, with nothing added. */
function partsOf(link: { parts?: unknown; amount_cents: unknown }): AmountDue {
  if (typeof link.parts === 'string') return JSON.parse(link.parts) as AmountDue;
  const total = Number(link.amount_cents);
  return { principal: total, discount: 0, fine: 0, interest: 0, total };
}

/**
 * Who paid: the staff user recorded as `paid_by` (the provider's user for a real payment; who pressed the simulation's
 * "Pagar"; null for none), and, for a payment through the family portal, that portal account (issue 35).
 */
export interface Payer {
  userId: number | null;
  /** The simulation's "Pagar" pressed on the portal: this account paid, whatever link it paid. */
  portalAccountId?: number | null;
}

/** The portal's part of a payment: the account that pressed "Pagar", else the one whose portal made the link. */
function viaPortal(payer: Payer, link: { portal_account_id?: unknown } | undefined) {
  if (payer.portalAccountId) return { paid_via: 'portal', paid_portal_account_id: payer.portalAccountId };
  // A staff user who pressed the simulation's "Pagar" paid at the desk, whoever made the link.
  if (payer.userId !== null && payer.userId !== PROVIDER_USER_ID)
    return { paid_via: null, paid_portal_account_id: null };
  const account = link?.portal_account_id;
  return account === null || account === undefined
    ? { paid_via: null, paid_portal_account_id: null }
    : { paid_via: 'portal', paid_portal_account_id: Number(account) };
}

/**
 * An approved payment settles its charge only when it is one this server made for that charge (a boleto or
 * PIX by its id; a card checkout by a preference of the charge), in BRL, for exactly what that link asked
 * (the amount due on the day it was made: value, discounts, fine and interest), on a charge whose value has not
 * changed since. Anything else leaves the charge unpaid, marked divergent and audited. A settled charge records
 * what the link asked of each part.
 */
export async function settle(
  db: Db,
  chargeId: number,
  payment: ProviderPayment,
  provider: string,
  payer: Payer,
  tries = 3,
): Promise<'paid' | 'divergent' | 'unchanged'> {
  const k = dynamic(db);
  const charge = await k
    .selectFrom('financials')
    .select(['value_cents', 'paid', 'payment_divergence', 'version'])
    .where('id', '=', chargeId)
    .executeTakeFirst();
  if (!charge || Number(charge.paid)) return 'unchanged';
  const paid = centsOf(payment.transaction_amount);
  const links = await k
    .selectFrom('payment_links')
    .select(['kind', 'external_id', 'amount_cents', 'parts', 'portal_account_id'])
    .where('financial_id', '=', chargeId)
    .where('provider', '=', provider)
    .execute();
  const byId = links.find((l) => l.kind === 'payment' && String(l.external_id) === String(payment.id));
  const preferences = links.filter((l) => l.kind === 'preference');
  const link = byId ?? preferences.find((l) => Number(l.amount_cents) === paid) ?? preferences.at(-1);
  const reasons: string[] = [];
  if (!link) reasons.push('pagamento que não foi gerado por este sistema para esta pendência');
  if (payment.currency_id !== 'BRL')
    reasons.push(
      `moeda ${typeof payment.currency_id === 'string' ? payment.currency_id : 'não informada'} (esperado BRL)`,
    );
  if (link && paid !== Number(link.amount_cents)) reasons.push('valor diferente do pedido no link de pagamento');
  // The link asked for the charge as it was: a value changed since is not what is owed. Without a link, the
  // payment is compared with what the charge asks today.
  const parts = link ? partsOf(link) : null;
  // Read once, and only when needed: a payment through its link that matches asks nothing more.
  let today: number | undefined;
  const dueToday = async () => (today ??= (await amountDueOf(db, chargeId))?.total ?? Number(charge.value_cents));
  if (parts ? parts.principal !== Number(charge.value_cents) : paid !== (await dueToday()))
    reasons.push('valor diferente do atual da pendência');

  const now = new Date().toISOString();
  if (reasons.length > 0) {
    const expected = await dueToday();
    const divergence: PaymentDivergence = {
      payment_id: String(payment.id),
      paid_cents: paid,
      currency: typeof payment.currency_id === 'string' ? payment.currency_id : null,
      expected_cents: expected,
      reasons,
      at: now,
    };
    const known = charge.payment_divergence
      ? (JSON.parse(String(charge.payment_divergence)) as PaymentDivergence)
      : null;
    // The provider resends: the same payment is kept and audited once.
    if (known?.payment_id === divergence.payment_id) return 'divergent';
    // Only over what was read: a webhook and a reconciliation (or two instances) marking the same payment at once
    // write and audit it once.
    // The mark and its audit in one transaction.
    await inTransaction(db, async (trx) => {
      const marked = await dynamic(trx)
        .updateTable('financials')
        .set({ payment_divergence: JSON.stringify(divergence), updated_at: now, version: nextVersion })
        .where('id', '=', chargeId)
        .where('paid', '=', 0)
        .where((eb) =>
          charge.payment_divergence === null
            ? eb('payment_divergence', 'is', null)
            : eb('payment_divergence', '=', charge.payment_divergence),
        )
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      await audit(trx, {
        userId: payer.userId ?? undefined,
        entity: 'financials',
        entityId: chargeId,
        action: 'divergence',
        changes: { provider, ...divergence },
      });
    });
    return 'divergent';
  }
  // The payment and its audit in one transaction, over the version read: a clerk's change of the value between the
  // checks above and this write sends the payment through the checks again, on the charge as it is now.
  const portal = viaPortal(payer, link);
  const settled = await inTransaction(db, async (trx) => {
    const result = await dynamic(trx)
      .updateTable('financials')
      .set({
        paid: 1,
        pay_day: schoolDayOf(payment.date_approved ?? new Date()),
        paid_by: payer.userId,
        updated_by: payer.userId,
        ...portal,
        gateway_response: JSON.stringify(payment),
        payment_divergence: null,
        payment_reversal: null,
        ...paidColumns(parts),
        updated_at: now,
        version: nextVersion,
      })
      .where('id', '=', chargeId)
      .where('version', '=', charge.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return 'unchanged';
    await audit(trx, {
      userId: payer.userId ?? undefined,
      entity: 'financials',
      entityId: chargeId,
      action: 'payment',
      changes: {
        paid: [0, 1],
        provider,
        payment_id: payment.id,
        ...(portal.paid_portal_account_id ? { portal_account_id: portal.paid_portal_account_id } : {}),
      },
    });
    // The invoice it owes, with the payment or not at all (issue 41).
    await invoiceOnPayment(trx, chargeId, payer.userId);
    return 'paid';
  });
  // Someone else wrote the charge first (another copy of this notification paid it, or a clerk changed it).
  if (settled === 'unchanged' && tries > 1) return settle(db, chargeId, payment, provider, payer, tries - 1);
  return settled;
}

/**
 * What the provider says of a payment now, applied as the webhook applies it: an approved payment naming one of our
 * charges settles it (or flags it divergent); a payment that had settled its charge and comes back refunded, charged
 * back or cancelled reopens it (reversal.ts, which tells the finance clerks through `tell.mailer`); anything else
 * changes nothing. The webhook and the reconciliation (reconcile.ts) both come here, so a lost notification ends
 * exactly as a delivered one.
 */
export async function applyProviderPayment(
  db: Db,
  provider: string,
  payment: ProviderPayment | null,
  tell: { mailer?: Mailer; log?: FastifyBaseLogger } = {},
): Promise<'paid' | 'divergent' | 'reversed' | 'unchanged' | 'ignored'> {
  const chargeId = Number(payment?.external_reference);
  if (!payment || !Number.isSafeInteger(chargeId) || chargeId <= 0) return 'ignored';
  // A simulated payment is never the provider's: it is recorded as paid by the staff user who pressed its button, or
  // by the family's portal account that did.
  const payer: Payer =
    provider === 'sandbox'
      ? { userId: Number(payment.approved_by) || null, portalAccountId: Number(payment.approved_by_portal) || null }
      : { userId: PROVIDER_USER_ID };
  const reversal = reversalOf(payment);
  const reversing = { chargeId, payment, provider, by: payer.userId, ...tell };
  if (reversal?.reopened) return reverse(db, { ...reversing, reversal });
  if (payment.status !== 'approved') return 'ignored';
  const settled = await settle(db, chargeId, payment, provider, payer);
  // Approved, but part of it given back: the charge stays paid and is flagged for the clerk.
  if (reversal && (await reverse(db, { ...reversing, reversal })) === 'reversed') return 'reversed';
  return settled;
}
