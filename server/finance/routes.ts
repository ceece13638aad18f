import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_CENTS, messages, schoolDayOf } from '../../resources/format';
import type { Area, AreaContext } from '../area';
import { logStudentAccess } from '../audit/access';
import { dateSchema, integerSchema } from '../crud/values';
import { answerDates, withoutBlankDates } from '../crud/dates';
import { groupBy } from '../db/chunks';
import { ApiError, idParam, notFound, parseOr422 } from '../http/errors';
import { idSchema } from '../http/ids';
import { JSON_OR_FORM } from '../http/bodies';
import { renderReceipt, renderStatement } from './documents';
import { parseMoney } from './money';
import { chargeById, chargesWhere } from './queries';
import { CHARGE_NOT_FOUND, createCharges, deleteCharge, updateCharge, type ChargeValues } from './service';
import { registerWhatsappRoute } from './whatsapp';
import { registerScholarshipRoutes } from './scholarships';
import { amountsDueOn, registerAmountDueRoutes } from './amount-due-of';
import { chargesListHooks } from './charges-list';

export const BAD_REPETITIONS = 'Por favor, preencha a quantidade de forma correta.';
/** A quantity that is a number but not 1 to 120: the limit named, in the words the add form uses. */
export const MAX_REPETITIONS = 120;
export const REPETITIONS_OUT_OF_RANGE = `A quantidade de parcelas deve ser de 1 a ${MAX_REPETITIONS}.`;

/** A charge's dates, answered dd/mm/aaaa to the original contract's client (crud/dates.ts); '' on update keeps them. */
const CHARGE_DATES = ['due_date', 'pay_day'];

/** Empty text from a form is no value: null, which clears an optional field and fails a required one. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const date = (label: string) => dateSchema(messages.date(label), messages.dateRange(label));
const reference = idSchema;
const text = (label: string) =>
  z
    .string({ error: `O campo ${label} deve ser um texto.` })
    .trim()
    .max(2000, { error: `O campo ${label} pode ter no máximo 2000 caracteres.` });
/** Required: absent, null or blank answer the field's own message. */
const required = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess(blank, schema.nullable().optional()).superRefine((v, ctx) => {
    if (v === null || v === undefined) ctx.addIssue({ code: 'custom', message });
  });
/** On update: may be left out, never emptied. */
const notEmptied = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess(blank, schema.nullable().optional()).superRefine((v, ctx) => {
    if (v === null) ctx.addIssue({ code: 'custom', message });
  });
/** Optional: absent stays absent (not changed), null or blank clears it. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.nullable().optional());
const money = z.unknown().transform((v, ctx) => {
  const cents = parseMoney(v);
  if (cents === null || cents <= 0 || cents > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: messages.positiveMoney('Valor') });
    return z.NEVER;
  }
  return cents;
});
// "0 is unpaid; any other value is paid" (the contract), as numbers, booleans or form text.
const paid = z
  .union(
    [z.boolean(), z.number(), z.string().regex(/^\d{1,3}$|^(true|false)$/, { error: 'O campo Pago deve ser 0 ou 1.' })],
    { error: 'O campo Pago deve ser 0 ou 1.' },
  )
  .transform((v): 0 | 1 => (v === true || (v !== false && v !== 'false' && Number(v) !== 0) ? 1 : 0));
const quota = integerSchema('A parcela deve ser um número de 1 a 999.', { min: 1, max: 999 });
const repetitions = integerSchema(BAD_REPETITIONS, {
  min: 1,
  max: MAX_REPETITIONS,
  minMessage: REPETITIONS_OUT_OF_RANGE,
  maxMessage: REPETITIONS_OUT_OF_RANGE,
});

const optionalFields = {
  quota: optional(quota),
  paid: optional(paid),
  pay_day: optional(date('Data de pagamento')),
  service_type_id: optional(reference('Selecione o tipo de serviço.')),
  payment_type_id: optional(reference('Selecione a forma de pagamento.')),
  observations: optional(text('Observações')),
  financial_observation: optional(text('Observação financeira')),
};
const requiredFields = {
  registration_id: required(reference('Selecione a matrícula.'), 'Selecione a matrícula.'),
  value: required(money, 'O campo Valor é obrigatório.'),
  due_date: required(date('Vencimento'), 'O campo Vencimento é obrigatório.'),
};

// An absent required key is validated as empty, so that it is reported by name.
const createSchema = z.preprocess(
  (raw) =>
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? { registration_id: null, value: null, due_date: null, ...raw }
      : raw,
  z.object({ ...requiredFields, ...optionalFields, repetitions: optional(repetitions) }),
);
const BAD_VERSION = 'A versão da pendência deve ser um número inteiro positivo.';
/** The version of the charge the client read (issue 34); absent: the original contract's last write wins. */
const version = optional(integerSchema(BAD_VERSION, { min: 1 }));
/** Update: every field optional; the required ones may be left out, never emptied. */
const updateSchema = z.object({
  ...optionalFields,
  version,
  registration_id: notEmptied(reference('Selecione a matrícula.'), 'Selecione a matrícula.'),
  value: notEmptied(money, 'O campo Valor é obrigatório.'),
  due_date: notEmptied(date('Vencimento'), 'O campo Vencimento é obrigatório.'),
});

/** `payment_type` is the contract's name of the field; `payment_type_id` is accepted too. */
function withAliases(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return 'payment_type' in b && !('payment_type_id' in b) ? { ...b, payment_type_id: b.payment_type } : b;
}

/**
 * The spec fixes the words of a bad quantity ('Por favor, preencha a quantidade de forma correta.'): they
 * stay the answer's `message`, which outside clients show; `errors.repetitions` names the limit passed.
 */
function parseCreate(body: unknown) {
  try {
    return parseOr422(createSchema, body);
  } catch (error) {
    if (error instanceof ApiError && error.message.startsWith(REPETITIONS_OUT_OF_RANGE)) {
      throw new ApiError(
        error.statusCode,
        BAD_REPETITIONS + error.message.slice(REPETITIONS_OUT_OF_RANGE.length),
        error.errors,
      );
    }
    throw error;
  }
}

function valuesOf(parsed: Record<string, unknown>): ChargeValues {
  const { value, repetitions: _r, version: _version, ...rest } = parsed;
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (value !== undefined && value !== null) values.value_cents = value;
  return values as ChargeValues;
}

/** Charges (financials): one per call for clients that loop, or N instalments at once with `repetitions`. */
function registerFinanceRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  registerWhatsappRoute(app, ctx);
  registerScholarshipRoutes(app, db);
  registerAmountDueRoutes(app, db);
  const chargeOr404 = async (raw: string) => {
    const charge = await chargeById(db, idParam(raw));
    if (!charge) throw notFound(CHARGE_NOT_FOUND);
    return charge;
  };

  // The contract's client sends a multipart form (spec §7).
  app.post('/financials', { config: { access: 'finance.write', bodies: JSON_OR_FORM } }, async (request, reply) => {
    const parsed = parseCreate(withAliases(request.body));
    const values = valuesOf(parsed) as ChargeValues & {
      registration_id: number;
      value_cents: number;
      due_date: string;
    };
    const charges = await createCharges(db, values, parsed.repetitions ?? 1, request.user?.id);
    reply.status(201);
    return {
      data: answerDates(request, charges.length === 1 ? charges[0] : charges, CHARGE_DATES),
      message:
        charges.length === 1
          ? 'Pendência financeira adicionada com sucesso!'
          : `${charges.length} pendências financeiras adicionadas com sucesso!`,
    };
  });

  // The charge itself, not a list: the original server's `show` answers the object, with its `payment_type` column
  // (the id, which the client compares with 4, the boleto) where the other answers embed `{id, name}`.
  app.get<{ Params: { id: string } }>('/financials/:id', { config: { access: 'finance.read' } }, async (request) => {
    const charge = await chargeOr404(request.params.id);
    return answerDates(request, { ...charge, payment_type: charge.payment_type_id }, CHARGE_DATES);
  });

  app.put<{ Params: { id: string } }>('/financials/:id', { config: { access: 'finance.write' } }, async (request) => {
    const stored = await chargeOr404(request.params.id);
    const parsed = parseOr422(updateSchema, withoutBlankDates(withAliases(request.body), CHARGE_DATES));
    return {
      data: answerDates(
        request,
        await updateCharge(db, stored, valuesOf(parsed), request.user?.id, parsed.version ?? undefined),
        CHARGE_DATES,
      ),
      message: 'Pendência financeira atualizada com sucesso!',
    };
  });

  app.delete<{ Params: { id: string }; Querystring: { version?: unknown } }>(
    '/financials/:id',
    { config: { access: 'finance.write' } },
    async (request) => {
      const stored = await chargeOr404(request.params.id);
      const expected = parseOr422(z.object({ version }), { version: request.query?.version }).version;
      await deleteCharge(db, stored, request.user?.id, expected ?? undefined);
      return { message: 'Pendência financeira removida com sucesso!' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/exports/receipt/:id',
    { config: { access: 'finance.read' } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      const { pdf, studentId } = await renderReceipt(db, id);
      await logStudentAccess(db, request, { studentId, action: 'report', detail: `Recibo nº ${id}` });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="recibo-${id}.pdf"`)
        .send(pdf);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/exports/student-financial-history/:id',
    { config: { access: 'finance.read', reach: { id: 'students' } } },
    async (request, reply) => {
      const id = idParam(request.params.id);
      const pdf = await renderStatement(db, id);
      await logStudentAccess(db, request, { studentId: id, action: 'report', detail: 'Extrato financeiro' });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="extrato-financeiro-${id}.pdf"`)
        .send(pdf);
    },
  );
}

/** Finance: charges and their routes; each registration of a student (list and record) carries its `financials`. */
export const financeArea: Area = {
  routes: registerFinanceRoutes,
  hooks: ({ db }) => ({
    charges: chargesListHooks(db),
    students: {
      // A student's charges are theirs (and their guardians') finances: personal data.
      personal: ['registrations.financials'],
      dates: CHARGE_DATES.map((name) => `registrations.financials.${name}`),
      // The list's "Possui financeiro?": the charges of every registration of the page in one query, set on
      // the registrations the registrations area just put on the rows (in place, as it does).
      async decorateList(rows) {
        const registrations = rows.flatMap(
          (row) => (row.registrations ?? []) as { id: number; financials?: unknown[] }[],
        );
        if (registrations.length === 0) return rows;
        const charges = groupBy(
          await chargesWhere(
            db,
            'registration_id',
            registrations.map((r) => r.id),
          ),
          (c) => c.registration_id,
        );
        for (const registration of registrations) registration.financials = charges.get(registration.id) ?? [];
        return rows;
      },
      // The record's charges, each unpaid one with what it asks today (`amount_due`, as GET
      // /financials/{id}/amount-due answers it), priced together: the tab FINANCEIRO asks nothing per charge.
      async decorateRecord(row) {
        const registrations = (row.registrations ?? []) as { id: number }[];
        const ids = registrations.map((r) => r.id);
        const dueToday = await amountsDueOn(db, schoolDayOf(), ids);
        const charges = groupBy(
          (await chargesWhere(db, 'registration_id', ids)).map((c) => ({
            ...c,
            amount_due: c.paid ? null : dueToday(c),
          })),
          (c) => c.registration_id,
        );
        return { ...row, registrations: registrations.map((r) => ({ ...r, financials: charges.get(r.id) ?? [] })) };
      },
    },
  }),
  dependents: {
    'service-types': [
      {
        table: 'financials',
        foreignKey: 'service_type_id',
        singular: 'pendência financeira',
        plural: 'pendências financeiras',
      },
    ],
    'payment-types': [
      {
        table: 'financials',
        foreignKey: 'payment_type_id',
        singular: 'pendência financeira',
        plural: 'pendências financeiras',
      },
    ],
  },
};
