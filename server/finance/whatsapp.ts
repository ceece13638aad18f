import type { FastifyInstance } from 'fastify';
import { formatBRL, formatDate, schoolDayOf } from '../../resources/format';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { amountDueOf } from './amount-due-of';
import { payerOf } from '../guardians/payer';
import { ApiError, idParam, notFound } from '../http/errors';

export const NO_PHONE = 'O responsável financeiro não tem celular cadastrado.';
export const NO_AREA_CODE =
  'O celular do responsável financeiro está sem DDD; corrija o cadastro para cobrar por WhatsApp.';
export const ALREADY_PAID = 'Esta cobrança já está paga.';

/**
 * The number wa.me dials: Brazil's 55 and the phone's digits (DDD and number). A leading 0 (the old trunk
 * prefix, "091 …") goes; a number that already starts with 55 and has the country's length stays as it is.
 * Null when there are no digits; '' when they are too few to carry a DDD.
 */
export function whatsappNumber(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  if (!digits) return null;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits;
  return digits.length === 10 || digits.length === 11 ? `55${digits}` : '';
}

/** The provider's page of the charge's last payment link (PIX page, boleto, card checkout), when one was made. */
export function paymentLinkOf(gatewayResponse: string | null): string | null {
  if (!gatewayResponse) return null;
  try {
    const r = JSON.parse(gatewayResponse) as {
      point_of_interaction?: { transaction_data?: { ticket_url?: unknown } };
      transaction_details?: { external_resource_url?: unknown };
      init_point?: unknown;
    };
    const url =
      r.point_of_interaction?.transaction_data?.ticket_url ??
      r.transaction_details?.external_resource_url ??
      r.init_point;
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
  } catch {
    return null;
  }
}

/**
 * What the charge is, in the message: "A cobrança de material didático (parcela 2)" from its service type (a
 * "Material didático" charge is no "mensalidade"), "A cobrança (parcela 2)" without one. The service's first letter
 * goes lower case inside the sentence, unless its first word is an acronym ("APM").
 */
export function chargeWords(service: unknown, quota: unknown): string {
  const name = typeof service === 'string' ? service.trim() : '';
  const lower = /^\p{Lu}[\p{Ll}\s]/u.test(name) ? name.charAt(0).toLocaleLowerCase('pt-BR') + name.slice(1) : name;
  const part = quota === null || quota === undefined ? '' : ` (parcela ${String(quota)})`;
  return `A cobrança${lower ? ` de ${lower}` : ''}${part}`;
}

/**
 * "Cobrar por WhatsApp" (issue 27): the click-to-chat address of an open charge, to the financial responsible
 * (`payerOf`), with what the charge is (its service type), the student's name, the amount, the due date and where to
 * pay. The amount is what the charge asks today (amount-due-of.ts: discounts, fine and interest to date), told apart
 * from the value when it differs.
 */
export function registerWhatsappRoute(app: FastifyInstance, { db, settings }: AreaContext): void {
  app.get<{ Params: { id: string } }>(
    '/financials/:id/whatsapp',
    { config: { access: 'finance.write' } },
    async (request) => {
      const charge = await dynamic(db)
        .selectFrom('financials as f')
        .innerJoin('registrations as r', 'r.id', 'f.registration_id')
        .innerJoin('students as s', 's.id', 'r.student_id')
        .leftJoin('service_types as st', 'st.id', 'f.service_type_id')
        .select([
          'f.id',
          'f.value_cents',
          'f.due_date',
          'f.paid',
          'f.quota',
          'f.gateway_response',
          's.id as student_id',
        ])
        .select(['s.name as student', 'st.name as service'])
        .where('f.id', '=', idParam(request.params.id))
        .executeTakeFirst();
      if (!charge) throw notFound('Pendência financeira não encontrada.');
      if (Number(charge.paid)) throw new ApiError(422, ALREADY_PAID);
      const payer = await payerOf(dynamic(db), Number(charge.student_id));
      const number = whatsappNumber(payer?.phone ?? null);
      if (number === null) throw new ApiError(422, NO_PHONE);
      if (number === '') throw new ApiError(422, NO_AREA_CODE);

      const due = String(charge.due_date);
      const link = paymentLinkOf(charge.gateway_response ? String(charge.gateway_response) : null);
      const where = link
        ? `Para pagar, use o link: ${link}`
        : `Para pagar, acesse o Portal da Família (${settings.appUrl.replace(/\/+$/, '')}/portal) ` +
          'ou procure a secretaria da escola.';
      const value = Number(charge.value_cents);
      const today = (await amountDueOf(db, Number(charge.id)))?.total ?? value;
      const text = [
        `Olá, ${payer!.name}!`,
        `${chargeWords(charge.service, charge.quota)} de ${String(charge.student)} no valor de ${formatBRL(value)} ` +
          `${due < schoolDayOf() ? 'venceu' : 'vence'} em ${formatDate(due)}.` +
          (today !== value ? ` Valor a pagar hoje: ${formatBRL(today)}.` : ''),
        where,
        'Se já pagou, desconsidere esta mensagem.',
      ].join('\n');
      return { url: `https://wa.me/${number}?text=${encodeURIComponent(text)}`, phone: number, text };
    },
  );
}
