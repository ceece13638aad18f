import type { FastifyBaseLogger } from 'fastify';
import { groupBy, inChunks } from '../db/chunks';
import { dynamic, type Db } from '../db/connection';
import type { PaymentProvider, ProviderPayment } from './provider';
import { applyProviderPayment } from './settle';

/** What one reconciliation did, per charge looked at (a charge is counted once, by its outcome). */
export interface ReconcileResult {
  /** Unpaid charges with a link made at the provider at least `olderThanMs` ago. */
  checked: number;
  /** Settled here: their notification never came (or came while this server was down). */
  settled: number;
  /** An approved payment that does not match: flagged on the charge (`payment_divergence`) for a person to decide. */
  divergent: number;
  /** Nothing approved at the provider yet: left as they were. */
  pending: number;
  /** The provider could not be asked (down, refused): tried again at the next run. */
  errors: number;
}

export interface ReconcileOptions {
  now?: Date;
  /** A link younger than this is left to its notification (RECONCILE_AFTER_HOURS). */
  olderThanMs: number;
  /** Links older than this are no longer asked about (a boleto long expired is not paid any more). */
  maxAgeMs?: number;
  /** Charges asked about per run, the most recently linked first: a bound on the calls to the provider. */
  limit?: number;
  log?: FastifyBaseLogger;
}

export const DEFAULT_MAX_AGE_MS = 60 * 24 * 60 * 60 * 1000;
const DEFAULT_LIMIT = 500;

/** Unpaid charges with a link of this provider made in [now − maxAge, now − olderThan], most recent link first. */
async function chargesToCheck(db: Db, provider: string, from: string, to: string, limit: number) {
  const rows = await dynamic(db)
    .selectFrom('payment_links as l')
    .innerJoin('financials as f', 'f.id', 'l.financial_id')
    .select(['l.financial_id'])
    .select((eb) => eb.fn.max('l.created_at').as('last_link'))
    .where('l.provider', '=', provider)
    .where('l.created_at', '>=', from)
    .where('l.created_at', '<=', to)
    .where('f.paid', '=', 0)
    .groupBy('l.financial_id')
    .orderBy('last_link', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.financial_id));
}

/**
 * The payment ids this server made for each charge (boleto, PIX), in one read: asked one by one if the search
 * missed them.
 */
async function linkedPaymentIds(db: Db, provider: string, chargeIds: number[]): Promise<Map<number, string[]>> {
  const rows = await inChunks(chargeIds, (slice) =>
    dynamic(db)
      .selectFrom('payment_links')
      .select(['financial_id', 'external_id'])
      .where('financial_id', 'in', slice)
      .where('provider', '=', provider)
      .where('kind', '=', 'payment')
      .execute(),
  );
  const byCharge = groupBy(rows, (r) => Number(r.financial_id));
  return new Map([...byCharge].map(([id, links]) => [id, links.map((l) => String(l.external_id))]));
}

/**
 * Everything the provider knows of a charge's payments: a search by its `external_reference` (which also finds the
 * payment of a card checkout, whose id this server never saw), completed by each linked payment asked by id (the
 * provider's search index may lag behind a payment just made).
 */
async function paymentsOf(provider: PaymentProvider, chargeId: number, linked: string[]): Promise<ProviderPayment[]> {
  const found = (await provider.searchPayments(String(chargeId))).filter(
    (p) => String(p.external_reference) === String(chargeId),
  );
  const seen = new Set(found.map((p) => String(p.id)));
  for (const id of linked) {
    if (seen.has(id)) continue;
    const payment = await provider.getPayment(id);
    if (payment) found.push(payment);
  }
  return found;
}

/**
 * Payments made at the provider and still pending here after `olderThanMs` are asked about and applied exactly as
 * their webhook would be (settle.ts): a lost notification still settles its charge, a payment that does not match
 * is flagged divergent, a charge already paid is never touched. Safe with several instances at once: settling is
 * conditional on the charge being unpaid, so one of them settles it and the others find it done.
 */
export async function reconcilePending(
  db: Db,
  provider: PaymentProvider,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const now = (options.now ?? new Date()).getTime();
  const from = new Date(now - (options.maxAgeMs ?? DEFAULT_MAX_AGE_MS)).toISOString();
  const to = new Date(now - options.olderThanMs).toISOString();
  const charges = await chargesToCheck(db, provider.name, from, to, options.limit ?? DEFAULT_LIMIT);
  const result: ReconcileResult = { checked: charges.length, settled: 0, divergent: 0, pending: 0, errors: 0 };
  const linked = await linkedPaymentIds(db, provider.name, charges);
  for (const chargeId of charges) {
    try {
      const outcomes = [];
      for (const payment of await paymentsOf(provider, chargeId, linked.get(chargeId) ?? []))
        outcomes.push(await applyProviderPayment(db, provider.name, payment));
      if (outcomes.includes('paid')) result.settled++;
      else if (outcomes.includes('divergent')) result.divergent++;
      // 'unchanged': another instance (or the webhook) settled it meanwhile; nothing approved: still pending.
      else if (!outcomes.includes('unchanged')) result.pending++;
    } catch (error) {
      result.errors++;
      // The charge's id and the reason only: no payer, no amount.
      options.log?.warn({ charge: chargeId, reason: (error as Error).message }, 'payment reconciliation failed');
    }
  }
  if (result.settled || result.divergent || result.errors)
    options.log?.info({ ...result }, 'payments reconciled with the provider');
  return result;
}
