import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { ApiError, conflict } from '../http/errors';
import { InvoiceConfigError } from './index';
import { invoiceById, type InvoiceRow } from './records';
import { TransientInvoiceError } from './service';
import { invoiceSetupOf } from './setup';

/** The cancellation event's reason codes (cMotivo of the national layout's e101101) and their words. */
export const CANCEL_REASONS: Record<string, string> = {
  '1': 'Erro na emissão',
  '2': 'Serviço não prestado',
  '9': 'Outros',
};

export const ONLY_ISSUED = 'Só uma nota fiscal emitida pode ser cancelada.';
export const SERVICE_UNAVAILABLE = 'O serviço da NFS-e não respondeu. Nada foi cancelado: tente de novo em instantes.';
/** The layout asks the reason in words too, between 15 and 255 characters. */
export const REASON_TEXT = 'Descreva o motivo do cancelamento em pelo menos 15 caracteres.';

/**
 * Cancels an issued invoice through the service (the cancellation event, with the reason's code and text) and
 * records it with its audit. A refusal is a 422 naming the service's errors; a service that does not answer, a 503
 * that cancelled nothing.
 */
export async function cancelInvoice(
  db: Db,
  invoice: InvoiceRow,
  reason: { code: string; text?: string },
  userId: number | null,
): Promise<InvoiceRow> {
  if (invoice.status !== 'emitida' || !invoice.access_key) throw conflict(ONLY_ISSUED);
  const text = reason.text || CANCEL_REASONS[reason.code];
  if (text.length < 15) throw new ApiError(422, REASON_TEXT, { text: [REASON_TEXT] });
  const service = await invoiceSetupOf(db)
    .service(db)
    .catch((error: unknown) => {
      if (error instanceof InvoiceConfigError) throw new ApiError(422, error.message);
      throw error;
    });
  if (!service) throw new ApiError(422, 'A nota fiscal não está configurada: nada pode ser cancelado.');
  let result;
  try {
    result = await service.cancel(invoice.access_key, { code: reason.code, text });
  } catch (error) {
    if (error instanceof TransientInvoiceError) throw new ApiError(503, SERVICE_UNAVAILABLE);
    throw error;
  }
  if (result.outcome === 'rejeitada')
    throw new ApiError(
      422,
      `O serviço da NFS-e recusou o cancelamento: ${result.errors.map((e) => `${e.code} — ${e.message}`).join('; ')}`,
    );
  const cancelledAt = result.cancelledAt;
  await inTransaction(db, async (trx) => {
    await dynamic(trx)
      .updateTable('nfse_invoices')
      .set({
        status: 'cancelada',
        cancelled_at: cancelledAt,
        cancel_reason: `${reason.code} — ${text}`.slice(0, 255),
        cancel_suggested_at: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', invoice.id)
      .execute();
    await audit(trx, {
      userId: userId ?? undefined,
      entity: 'financials',
      entityId: invoice.financial_id,
      action: 'update',
      changes: { nfse: [invoice.number, null], cancel_reason: reason.code },
    });
  });
  return (await invoiceById(db, invoice.id))!;
}
