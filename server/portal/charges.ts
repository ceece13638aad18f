import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { schoolDayOf } from '../../resources/format';
import type { AreaContext } from '../area';
import { dynamic, type Db } from '../db/connection';
import { renderReceipt } from '../finance/documents';
import { amountsDueOn } from '../finance/amount-due-of';
import { chargesWhere, type Charge } from '../finance/queries';
import { ApiError, notFound, parseOr422 } from '../http/errors';
import { chargePayment, chargePreference, type LinkContext } from '../payments/routes';
import type { ProviderPayment } from '../payments/provider';
import { ownStudent } from './queries';
import { portalRoute } from './student-routes';

const CHARGE_NOT_FOUND = 'Cobrança não encontrada.';
const methodSchema = z.object({
  method: z.enum(['pix', 'boleto', 'card'], { error: 'Escolha a forma de pagamento: pix, boleto ou card.' }),
});

type Params = { id: string; charge_id: string };

/** The student's charges, every enrolment's, by due date. */
async function chargesOf(db: Db, studentId: number): Promise<Charge[]> {
  const registrations = await dynamic(db)
    .selectFrom('registrations')
    .select('id')
    .where('student_id', '=', studentId)
    .execute();
  const charges = await chargesWhere(
    db,
    'registration_id',
    registrations.map((r) => Number(r.id)),
  );
  return charges.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id);
}

/** One of the student's charges, or the same 404 whether it exists or is another student's. */
async function ownCharge(db: Db, studentId: number, raw: string): Promise<Charge> {
  const charge = (await chargesOf(db, studentId)).find((c) => String(c.id) === raw);
  if (!charge) throw notFound(CHARGE_NOT_FOUND);
  return charge;
}

/**
 * A charge as a family reads it. The amount due today is what a new boleto or PIX would ask (issue 27: discounts,
 * the late fine and interest, server/finance/amount-due.ts); a paid charge shows what was paid.
 */
function portalCharge(studentId: number, c: Charge, today: string, dueToday: number) {
  const paid = c.paid === 1;
  return {
    id: c.id,
    description: `${c.service_type?.name ?? 'Pendência financeira'} — parcela ${c.quota}`,
    due_date: c.due_date,
    value: c.value_cents,
    amount_due_today: dueToday,
    overdue: !paid && c.due_date < today,
    paid_at: paid ? c.pay_day : null,
    paid_value: paid ? (c.paid_parts?.total ?? c.value_cents) : null,
    payment_method: paid ? (c.payment_type?.name ?? null) : null,
    receipt_url: paid ? `/api/portal/students/${studentId}/charges/${c.id}/receipt` : null,
  };
}

/** The issued invoices (NFS-e) of these charges, beside their receipts: number and DANFSe (issue 41). */
async function invoicesOf(db: Db, studentId: number, chargeIds: number[]) {
  if (!chargeIds.length) return new Map<number, { number: string; status: string; url: string }>();
  const rows = await dynamic(db)
    .selectFrom('nfse_invoices')
    .select(['live_financial_id', 'number', 'status', 'document_id'])
    .where('live_financial_id', 'in', chargeIds)
    .where('status', '=', 'emitida')
    .where('document_id', 'is not', null)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.live_financial_id),
      {
        number: String(r.number),
        status: String(r.status),
        url: `/api/portal/students/${studentId}/documents/${Number(r.document_id)}/file`,
      },
    ]),
  );
}

/** What the family's payment screen shows, from the provider's answer (Mercado Pago's shape, or the sandbox's). */
function paymentAnswer(method: 'pix' | 'boleto', payment: ProviderPayment) {
  const data = payment.point_of_interaction?.transaction_data;
  const details = payment.transaction_details as
    { external_resource_url?: string; digitable_line?: string } | undefined;
  return {
    method,
    // `url`: the provider's page of the PIX (the simulation's page, with its pay button, in the demo).
    pix:
      method === 'pix'
        ? { qr_code: data?.qr_code ?? '', qr_code_base64: data?.qr_code_base64 ?? null, url: data?.ticket_url ?? null }
        : null,
    boleto:
      method === 'boleto'
        ? {
            barcode: payment.barcode?.content ?? '',
            digitable_line: String(payment.digitable_line ?? details?.digitable_line ?? ''),
            url: details?.external_resource_url ?? '',
          }
        : null,
    card: null,
    // The provider's own page of this payment (the office's PIX dialog links it too); in the demo, the simulation's.
    ticket_url: (method === 'pix' ? data?.ticket_url : details?.external_resource_url) ?? null,
    sandbox: Boolean((payment as { sandbox?: unknown }).sandbox),
  };
}

/** A family's charges: open and paid, a new boleto, PIX or card link through the office's provider, receipts. */
export function registerChargeRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  const links: LinkContext = { db, payments: ctx.payments, appUrl: ctx.settings.appUrl };

  app.get<{ Params: Params }>('/portal/students/:id/charges', portalRoute, async (request) => {
    const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
    const today = schoolDayOf();
    const charges = await chargesOf(db, studentId);
    const dueToday = await amountsDueOn(db, today, [...new Set(charges.map((c) => c.registration_id))]);
    const invoices = await invoicesOf(
      db,
      studentId,
      charges.filter((c) => c.paid).map((c) => c.id),
    );
    const all = charges.map((c) => ({
      ...portalCharge(studentId, c, today, c.paid ? (c.paid_parts?.total ?? c.value_cents) : dueToday(c).total),
      nfse: invoices.get(c.id) ?? null,
    }));
    return { open: all.filter((c) => c.paid_at === null), paid: all.filter((c) => c.paid_at !== null) };
  });

  app.post<{ Params: Params }>('/portal/students/:id/charges/:charge_id/payment', portalRoute, async (request) => {
    const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
    const charge = await ownCharge(db, studentId, request.params.charge_id);
    const { method } = parseOr422(methodSchema, request.body);
    if (charge.paid) throw new ApiError(422, 'Esta cobrança já está paga.');
    if (method === 'card') {
      const preference = await chargePreference(links, request, String(charge.id));
      return {
        method,
        pix: null,
        boleto: null,
        card: { url: preference.init_point },
        ticket_url: null,
        sandbox: Boolean((preference as { sandbox?: unknown }).sandbox),
      };
    }
    return paymentAnswer(method, await chargePayment(links, request, String(charge.id), { method }));
  });

  app.get<{ Params: Params }>(
    '/portal/students/:id/charges/:charge_id/receipt',
    portalRoute,
    async (request, reply) => {
      const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
      const charge = await ownCharge(db, studentId, request.params.charge_id);
      if (!charge.paid) throw notFound('O recibo fica disponível depois do pagamento.');
      const { pdf } = await renderReceipt(db, charge.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="recibo-${charge.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
