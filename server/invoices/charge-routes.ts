import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AreaContext } from '../area';
import { logStudentAccess } from '../audit/access';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import { documentKey, downloadName } from '../documents/routes';
import { ApiError, conflict, idParam, notFound, parseOr422 } from '../http/errors';
import { CANCEL_REASONS, cancelInvoice } from './cancel';
import { InvoiceConfigError } from './index';
import { liveInvoice, openInvoice, queueIssue, type InvoiceRow } from './records';
import { invoiceSetupOf } from './setup';

export const INVOICE_ACCESS = 'invoices.manage';
export const NO_INVOICE = 'Esta cobrança não tem nota fiscal.';
const CHARGE_NOT_FOUND = 'Pendência financeira não encontrada.';
export const ALREADY_ISSUED = 'A nota fiscal desta cobrança já foi emitida.';
export const BEING_ISSUED = 'A nota fiscal desta cobrança já está sendo emitida: aguarde o resultado.';
export const NOT_PAID = 'Só é possível emitir a nota fiscal de uma cobrança paga.';
export const NOT_CONFIGURED_HERE =
  'A nota fiscal não está configurada: preencha Administração › Escola › Nota fiscal para emitir notas.';

/** The invoice as the charge's routes answer it (the contract's fields, and what the screens show beside them). */
export async function invoiceView(db: Db, invoice: InvoiceRow) {
  const document =
    invoice.document_id === null
      ? null
      : await dynamic(db)
          .selectFrom('documents')
          .select(['code', 'document_name', 'id', 'type'])
          .where('id', '=', invoice.document_id)
          .executeTakeFirst();
  return {
    id: invoice.id,
    financial_id: invoice.financial_id,
    status: invoice.status,
    number: invoice.number,
    access_key: invoice.access_key,
    issued_at: invoice.issued_at,
    errors: invoice.errors,
    document: document ? { code: String(document.code), file_name: downloadName(document) } : null,
    dps: { series: invoice.dps_series, number: invoice.dps_number },
    amount_cents: invoice.amount_cents,
    description: invoice.description,
    simulated: invoice.simulated,
    replaces_id: invoice.replaces_id,
    cancel_suggested: invoice.cancel_suggested_at !== null && invoice.status === 'emitida',
    cancelled_at: invoice.cancelled_at,
    cancel_reason: invoice.cancel_reason,
  };
}

async function chargeOr404(db: Db, raw: string) {
  const id = idParam(raw);
  const charge = await dynamic(db)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .select(['f.id', 'f.paid', 'f.value_cents', 'f.paid_total_cents', 'r.student_id'])
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!charge) throw notFound(CHARGE_NOT_FOUND);
  return {
    id,
    paid: Number(charge.paid) === 1,
    amount: Number(charge.paid_total_cents ?? charge.value_cents),
    studentId: Number(charge.student_id),
  };
}

const cancelSchema = z.object({
  reason: z.enum(Object.keys(CANCEL_REASONS) as [string, ...string[]], {
    error: `Escolha o motivo do cancelamento: ${Object.entries(CANCEL_REASONS)
      .map(([code, label]) => `${code} (${label.toLowerCase()})`)
      .join(', ')}.`,
  }),
  text: z
    .string({ error: 'Descreva o motivo do cancelamento em texto.' })
    .trim()
    .max(255, 'Descreva o motivo em até 255 caracteres.')
    .optional(),
});

/**
 * The invoice of one charge: see it, issue it by hand (or resubmit a rejected one, or a substitute when the paid
 * value changed), its DANFSe, and its cancellation. Every one is the finance office's (`invoices.manage`).
 */
export function registerChargeInvoiceRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db, storage } = ctx;
  const access = { config: { access: INVOICE_ACCESS } };

  app.get<{ Params: { id: string } }>('/financials/:id/nfse', access, async (request) => {
    const charge = await chargeOr404(db, request.params.id);
    const invoice = await liveInvoice(db, charge.id);
    if (!invoice) throw notFound(NO_INVOICE);
    return invoiceView(db, invoice);
  });

  app.post<{ Params: { id: string } }>('/financials/:id/nfse', access, async (request, reply) => {
    const charge = await chargeOr404(db, request.params.id);
    if (!charge.paid) throw new ApiError(422, NOT_PAID);
    const setup = invoiceSetupOf(db);
    const settings = await setup.settings(db);
    const service = await setup.service(db).catch((error: unknown) => {
      if (error instanceof InvoiceConfigError) throw new ApiError(422, error.message);
      throw error;
    });
    if (!settings || !service) throw new ApiError(422, NOT_CONFIGURED_HERE);
    const userId = request.user?.id ?? null;
    const made = await inTransaction(db, async (trx) => {
      const live = await liveInvoice(trx, charge.id);
      if (live?.status === 'pendente') throw conflict(BEING_ISSUED);
      if (live?.status === 'emitida') {
        // The value paid changed since it was issued: a substitute replaces it; otherwise there is nothing to do.
        if (live.amount_cents === charge.amount) throw conflict(ALREADY_ISSUED);
        return openInvoice(trx, charge.id, settings, userId, live);
      }
      if (live?.status === 'rejeitada') {
        // Resubmitted as it is now (the office fixed the payer, or the settings): the same DPS, a new job.
        const resent = await dynamic(trx)
          .updateTable('nfse_invoices')
          .set({ status: 'pendente', submissions: live.submissions + 1, updated_at: new Date().toISOString() })
          .where('id', '=', live.id)
          .where('status', '=', 'rejeitada')
          .where('submissions', '=', live.submissions)
          .executeTakeFirst();
        if (Number(resent.numUpdatedRows) !== 1) throw conflict(BEING_ISSUED);
        await queueIssue(trx, { id: live.id, submissions: live.submissions + 1 });
        return liveInvoice(trx, charge.id);
      }
      return openInvoice(trx, charge.id, settings, userId);
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(BEING_ISSUED);
      throw error;
    });
    if (!made) throw conflict(BEING_ISSUED);
    ctx.jobs.wake();
    return reply
      .code(202)
      .send({ data: await invoiceView(db, made), message: 'A nota fiscal foi enviada para emissão.' });
  });

  app.get<{ Params: { id: string } }>('/financials/:id/nfse/pdf', access, async (request, reply) => {
    const charge = await chargeOr404(db, request.params.id);
    const invoice = await liveInvoice(db, charge.id);
    if (!invoice?.document_id) throw notFound('A nota fiscal desta cobrança ainda não tem DANFSe.');
    const row = await dynamic(db)
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', invoice.document_id)
      .executeTakeFirst();
    const key = row ? documentKey(String(row.file_name)) : null;
    const content = key ? await storage.get(key) : null;
    if (!row || !content) throw notFound('O arquivo da nota fiscal não foi encontrado.');
    await logStudentAccess(db, request, {
      studentId: charge.studentId,
      action: 'report',
      detail: `DANFSe nº ${invoice.number}`,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${downloadName(row)}"`)
      .send(content);
  });

  app.post<{ Params: { id: string } }>('/financials/:id/nfse/cancel', access, async (request) => {
    const charge = await chargeOr404(db, request.params.id);
    const { reason, text } = parseOr422(cancelSchema, request.body ?? {});
    const invoice = await liveInvoice(db, charge.id);
    if (!invoice) throw notFound(NO_INVOICE);
    const cancelled = await cancelInvoice(db, invoice, { code: reason, text }, request.user?.id ?? null);
    return { data: await invoiceView(db, cancelled), message: 'Nota fiscal cancelada.' };
  });
}
