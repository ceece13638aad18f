import type { FastifyRequest } from 'fastify';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import type { AmountDue } from '../finance/amount-due';
import { inTransaction } from '../finance/transaction';
import { ApiError } from '../http/errors';
import { recordLink } from './settle';

/**
 * A link made at the provider, recorded on the charge: the next request is a new attempt (a new boleto; a failed
 * one kept its key for its retry), a payment's answer is kept, the link is known to the notifications, and the
 * audit log says who asked for it.
 */
export async function recordAttempt(
  db: Db,
  request: FastifyRequest,
  charge: { id: number; gateway_attempt: number },
  due: AmountDue,
  provider: string,
  link: { kind: 'payment' | 'preference'; externalId: string; response?: unknown; changes: Record<string, unknown> },
): Promise<void> {
  // The attempt, the link and its audit in one transaction: a request killed in between leaves none of them.
  await inTransaction(db, async (trx) => {
    await dynamic(trx)
      .updateTable('financials')
      .set({
        ...(link.response === undefined ? {} : { gateway_response: JSON.stringify(link.response) }),
        gateway_attempt: charge.gateway_attempt + 1,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', charge.id)
      .execute();
    await recordLink(trx, {
      chargeId: charge.id,
      provider,
      kind: link.kind,
      externalId: link.externalId,
      amountCents: due.total,
      parts: due,
      // Made on the family portal: its payment is recorded as the portal's (issue 35), with that account.
      portalAccountId: request.portalAccount?.id ?? null,
    });
    await audit(trx, {
      userId: request.user?.id,
      entity: 'financials',
      entityId: charge.id,
      action: 'link',
      changes: link.changes,
    });
  });
}

export const NOT_OUR_PAYMENT =
  'O Mercado Pago respondeu com um pagamento que não é o desta cobrança (outra referência ou outro valor). Nada foi registrado; tente novamente em instantes.';

/**
 * The provider's answer is the payment asked for: this charge (its `external_reference`) and this amount. Anything
 * else (a key another installation used, a provider's mistake) is refused and recorded nowhere, and the attempt moves
 * on so that the next try sends a new key; the log names the charge and what differed, never the payer.
 */
export async function assertAnswers(
  db: Db,
  request: FastifyRequest,
  charge: { id: number; gateway_attempt: number },
  asked: number,
  answer: { id: unknown; externalReference: unknown; amountCents: number | null },
): Promise<void> {
  const differs = [
    ...(String(answer.externalReference ?? '') === String(charge.id) ? [] : ['external_reference']),
    ...(answer.amountCents === asked ? [] : ['amount']),
  ];
  if (differs.length === 0) return;
  request.log.warn(
    { charge: charge.id, payment: String(answer.id), differs },
    'payment provider answered another payment',
  );
  await dynamic(db)
    .updateTable('financials')
    .set({ gateway_attempt: charge.gateway_attempt + 1 })
    .where('id', '=', charge.id)
    .where('gateway_attempt', '=', charge.gateway_attempt)
    .execute();
  throw new ApiError(502, NOT_OUR_PAYMENT);
}
