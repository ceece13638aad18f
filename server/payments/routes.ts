import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatDate, parseDate, schoolDayOf } from '../../resources/format';
import type { Area, AreaContext } from '../area';
import { dynamic, type Db } from '../db/connection';
import { ApiError, conflict, idParam, notFound, parseOr422, validationError } from '../http/errors';
import { chargeById } from '../finance/queries';
import { registrationNumber } from '../../resources/format';
import {
  centsOf,
  PaymentProviderError,
  type Payer,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPreference,
} from './provider';
import { payerOf as payerRecordOf, type PayerRecord } from '../guardians/payer';
import { verifyNotification } from './signature';
import { startReconciliation } from './reconcile-timer';
import { registerSandboxPages } from './sandbox-pages';
import { applyProviderPayment } from './settle';
import { idempotencyKey, installationId } from './installation';
import { assertAnswers, recordAttempt } from './attempts';
import { amountDueOf } from '../finance/amount-due-of';

export const NOT_CONFIGURED =
  'Pagamentos não configurados: o administrador do sistema precisa informar a conta do Mercado Pago (MERCADOPAGO_ACCESS_TOKEN) para gerar boletos, PIX e links de pagamento.';

const BAD_EXPIRATION = 'Opção de vencimento inválida: use true/false ou uma data como 2030-12-10 ou 10/12/2030.';
const ticketSchema = z.object({
  method: z.enum(['boleto', 'pix'], { error: "A forma deve ser 'boleto' ou 'pix'." }).optional(),
  // The modal's 'vencimento' option: true (the charge's due date), or the date itself as the original client
  // sends it (ISO or dd/mm/yyyy): the boleto expires at the end of that day.
  date_of_expiration: z
    .unknown()
    .optional()
    .transform((raw, ctx): string | boolean | undefined => {
      if (raw === undefined || raw === null || raw === '') return undefined;
      if ([true, 1, '1', 'true'].includes(raw as never)) return true;
      if ([false, 0, '0', 'false'].includes(raw as never)) return false;
      const day = typeof raw === 'string' ? parseDate(raw.trim()) : null;
      if (day) return day;
      ctx.addIssue({ code: 'custom', message: BAD_EXPIRATION });
      return z.NEVER;
    }),
});

/** The boleto's last day: the charge's due date (true) or the date given; a day already gone is refused. */
function expiryOf(option: string | boolean | undefined, dueDate: string): string | undefined {
  if (option === undefined || option === false) return undefined;
  const day = option === true ? dueDate : option;
  if (day < schoolDayOf()) {
    throw validationError({
      date_of_expiration: [
        `O vencimento ${formatDate(day)} já passou: o boleto não pode vencer numa data passada. Desmarque "Usar o vencimento da pendência" ou altere o vencimento.`,
      ],
    });
  }
  return day;
}

/**
 * The charge with its student and its payer (the financial responsible, or the student), as the provider needs
 * them; a paid charge gets no new link.
 */
async function chargeToPay(db: Db, raw: string) {
  const charge = await chargeById(db, idParam(raw));
  if (!charge) throw notFound('Pendência financeira não encontrada.');
  if (charge.paid) throw conflict('Esta pendência financeira já está paga.');
  const student = await dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['s.id as student_id', 's.name', 't.name as team_name', 'r.id as registration_id'])
    .where('r.id', '=', charge.registration_id)
    .executeTakeFirstOrThrow();
  const payer = (await payerRecordOf(dynamic(db), Number(student.student_id)))!;
  // What the link asks: today's amount due (discounts, fine and interest), not the bare value (issue 27).
  const due = (await amountDueOf(db, charge.id))!;
  if (due.total <= 0) throw conflict('Esta pendência financeira não tem valor a pagar (bolsa integral).');
  return { charge, student, payer, due };
}

/** The payer as the provider requires it for a boleto: e-mail, names, CPF and full address. */
function payerOf(payer: PayerRecord, studentId: number): Payer {
  const missing = (
    [
      ['email', 'e-mail'],
      ['cpf', 'CPF'],
      ['cep', 'CEP'],
      ['street', 'logradouro'],
      ['number', 'número'],
      ['neighborhood', 'bairro'],
      ['city', 'cidade'],
      ['uf', 'UF'],
    ] as const
  ).filter(([field]) => !payer[field]);
  // The office completes the record of whoever pays: the guardian's (Responsáveis), or the adult student's.
  const whose = payer.self ? 'do aluno' : `do responsável financeiro ${payer.name}`;
  if (missing.length) {
    const refusal = validationError({
      student: [
        `Complete o cadastro ${whose} para gerar a cobrança: falta ${missing.map(([, label]) => label).join(', ')}.`,
      ],
    });
    // The fields, by name, and whose: the screen offers a link straight to the first one (issue 35).
    const fix = { student_id: studentId, guardian_id: payer.guardian_id, missing: missing.map(([field]) => field) };
    throw new ApiError(422, refusal.message, refusal.errors, { payer: fix });
  }
  const [first, ...rest] = payer.name.trim().split(/\s+/);
  return {
    email: String(payer.email),
    first_name: first,
    last_name: rest.join(' ') || first,
    identification: { type: 'CPF', number: String(payer.cpf) },
    address: {
      zip_code: String(payer.cep),
      street_name: String(payer.street),
      street_number: String(payer.number),
      neighborhood: String(payer.neighborhood),
      city: String(payer.city),
      federal_unit: String(payer.uf),
    },
  };
}

/** The provider's refusal or silence, told to the office in its words (never a 500). */
async function viaProvider<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    request.log.warn({ err: error, status: error.status, body: error.body }, 'payment provider');
    throw new ApiError(error.status && error.status < 500 ? 422 : 502, error.message);
  }
}

/** The original client reads a payment route's failure from `error`: the message goes there too. */
async function messageAlsoAsError(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown> | null;
    if (body && typeof body.message === 'string' && !('error' in body))
      return JSON.stringify({ ...body, error: body.message });
  } catch {
    // not JSON: as it is
  }
  return payload;
}

/** What creating a payment link needs: the database, the provider and the address of the notifications. */
export interface LinkContext {
  db: Db;
  payments: PaymentsOptions;
  appUrl: string;
}

// Never a fake payment in its place: without a provider, every payment route tells why.
function providerOr503Of(ctx: LinkContext): PaymentProvider {
  if (!ctx.payments.provider) throw new ApiError(503, NOT_CONFIGURED);
  return ctx.payments.provider;
}

const notificationUrlOf = (ctx: LinkContext) => `${ctx.appUrl.replace(/\/+$/, '')}/api/webhooks/mercadopago`;

/**
 * "Cobrar" by boleto or PIX: a new payment of the charge at the provider, recorded on the charge (its answer, the
 * next attempt's key, the link) and in the audit log. The office's route and the family portal both call it.
 */
export async function chargePayment(
  ctx: LinkContext,
  request: FastifyRequest,
  rawId: string,
  options: { method: 'boleto' | 'pix'; expiration?: string | boolean },
): Promise<ProviderPayment> {
  const { db } = ctx;
  const provider = providerOr503Of(ctx);
  const notificationUrl = notificationUrlOf(ctx);
  const { charge, student, payer, due } = await chargeToPay(db, rawId);
  const method = options.method;
  const expiresOn = method === 'boleto' ? expiryOf(options.expiration, charge.due_date) : undefined;
  const key = await idempotencyKey(db, charge.id, method, charge.gateway_attempt);
  const payment = await viaProvider(request, () =>
    provider.createPayment({
      chargeId: charge.id,
      amountCents: due.total,
      description: `${charge.service_type?.name ?? 'Pendência'} ${charge.quota} — matrícula ${registrationNumber(student.registration_id)} (${student.team_name})`,
      method,
      expiresOn,
      payer: payerOf(payer, Number(student.student_id)),
      notificationUrl,
      idempotencyKey: key,
    }),
  );
  await assertAnswers(db, request, charge, due.total, {
    id: payment.id,
    externalReference: payment.external_reference,
    amountCents: centsOf(payment.transaction_amount),
  });
  await recordAttempt(db, request, charge, due, provider.name, {
    kind: 'payment',
    externalId: String(payment.id),
    response: payment,
    changes: { method, provider: provider.name, payment_id: payment.id },
  });
  return payment;
}

/** "Cobrar" by card: a checkout link (preference) of the charge, recorded as chargePayment records its payment. */
export async function chargePreference(
  ctx: LinkContext,
  request: FastifyRequest,
  rawId: string,
): Promise<ProviderPreference> {
  const { db } = ctx;
  const provider = providerOr503Of(ctx);
  const notificationUrl = notificationUrlOf(ctx);
  const { charge, student, payer: record, due } = await chargeToPay(db, rawId);
  // The card checkout asks only for an e-mail: a missing address or CPF does not hold the link back.
  const payer = payerOf(
    {
      ...record,
      cep: record.cep ?? '-',
      street: record.street ?? '-',
      number: record.number ?? '-',
      neighborhood: record.neighborhood ?? '-',
      city: record.city ?? '-',
      uf: record.uf ?? '-',
      cpf: record.cpf ?? '-',
    },
    Number(student.student_id),
  );
  const key = await idempotencyKey(db, charge.id, 'card', charge.gateway_attempt);
  const preference = await viaProvider(request, () =>
    provider.createPreference({
      chargeId: charge.id,
      amountCents: due.total,
      title: `${charge.service_type?.name ?? 'Pendência'} ${charge.quota} — ${student.team_name}`,
      payer: record.cpf ? payer : { email: payer.email, first_name: payer.first_name, last_name: payer.last_name },
      notificationUrl,
      idempotencyKey: key,
    }),
  );
  // A checkout asks one item: its price (times its quantity) is the amount.
  const item = Array.isArray(preference.items)
    ? (preference.items[0] as Record<string, unknown> | undefined)
    : undefined;
  const price = centsOf(item?.unit_price);
  await assertAnswers(db, request, charge, due.total, {
    id: preference.id,
    externalReference: preference.external_reference,
    amountCents: price === null ? null : price * Number(item?.quantity ?? 1),
  });
  await recordAttempt(db, request, charge, due, provider.name, {
    kind: 'preference',
    externalId: String(preference.id),
    changes: { method: 'card', provider: provider.name, preference_id: preference.id },
  });
  return preference;
}

export interface PaymentsOptions {
  /** None: no token and no simulation asked for; the payment routes say so. */
  provider: PaymentProvider | null;
  /** The notifications' HMAC secret (the account's, or the sandbox's own). */
  webhookSecret(): Promise<string>;
}

/**
 * Payment links of a charge (boleto or PIX; card checkout), and the provider's notifications, which mark
 * a charge paid by the provider's user exactly once, whatever the number and order of their copies.
 */
function registerPaymentRoutes(app: FastifyInstance, { db, settings, payments, mailer }: AreaContext): void {
  const configured = payments.provider;
  const linkContext: LinkContext = { db, payments, appUrl: settings.appUrl };
  const providerOr503 = () => providerOr503Of(linkContext);

  app.post<{ Params: { id: string } }>(
    '/mercadopago/ticket/:id',
    { config: { access: 'finance.write' }, onSend: messageAlsoAsError },
    async (request) => {
      const options = parseOr422(ticketSchema, request.body ?? {});
      return chargePayment(linkContext, request, request.params.id, {
        method: options.method ?? 'boleto',
        expiration: options.date_of_expiration,
      });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/mercadopago/preference/:id',
    { config: { access: 'finance.write' }, onSend: messageAlsoAsError },
    async (request) => chargePreference(linkContext, request, request.params.id),
  );

  app.post<{ Querystring: Record<string, unknown> }>(
    '/webhooks/mercadopago',
    { config: { public: true } },
    async (request) => {
      const provider = providerOr503();
      const body = (request.body ?? {}) as { type?: unknown; data?: { id?: unknown } };
      const query = request.query ?? {};
      const rawId = query['data.id'] ?? body.data?.id;
      const dataId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : undefined;
      // Unsigned calls are refused before anything is read or created (the sandbox's secret included).
      if (!request.headers['x-signature'] || !request.headers['x-request-id'] || !dataId)
        throw new ApiError(401, 'Notificação sem assinatura válida.');
      const check = verifyNotification({
        secret: await payments.webhookSecret(),
        signature: request.headers['x-signature'] as string | undefined,
        requestId: request.headers['x-request-id'] as string | undefined,
        dataId,
      });
      if (!check.ok) throw new ApiError(401, 'Notificação sem assinatura válida.');
      const type = query.type ?? query.topic ?? body.type;
      if (type !== 'payment' || !dataId) return { received: true };
      // Only a trigger: what the provider says of the payment now is what counts.
      const payment = await viaProvider(request, () => provider.getPayment(dataId));
      await applyProviderPayment(db, provider.name, payment, { mailer, log: request.log });
      return { received: true };
    },
  );

  if (configured?.name === 'sandbox') registerSandboxPages(app, db, payments);
}

export const paymentsArea: Area = {
  routes(app, ctx) {
    // The installation's id is made at the first start with a provider (a failure here is tried again on use).
    if (ctx.payments.provider) installationId(ctx.db).catch(() => undefined);
    registerPaymentRoutes(app, ctx);
    startReconciliation(app, ctx);
  },
};
