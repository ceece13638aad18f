import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatBRL, formatDate, MAX_CENTS, messages } from '../../resources/format';
import { audit, diff } from '../audit/log';
import { optionalDateSchema } from '../crud/values';
import { dynamic, type Db } from '../db/connection';
import { idParam, notFound, parseOr422 } from '../http/errors';
import { registrationInReach } from '../registrations/queries';
import { inTransaction } from './transaction';
import type { Scholarship } from './amount-due';
import { amountOf, parseMoney } from './money';
import { parsePercentBp, percentOf } from './percent';

/**
 * A scholarship per enrolment (issue 27): a percent or a fixed amount off each charge whose due date lies
 * within its validity, with the reason the school granted it. One per enrolment (the table's unique key).
 */

const KIND_INVALID = 'Escolha se a bolsa é percentual ou em reais.';
const PERCENT_INVALID = 'O percentual da bolsa deve ser um número de 0 a 100, com no máximo duas casas decimais.';
const AMOUNT_INVALID = 'O valor da bolsa deve ser um valor em reais maior que zero, como 150,00.';
const REASON_TOO_LONG = 'O motivo da bolsa pode ter no máximo 500 caracteres.';
const UNTIL_BEFORE_FROM = 'O fim da validade da bolsa não pode ser antes do início.';

const scholarshipSchema = z
  .object({
    kind: z.enum(['percent', 'amount'], { error: KIND_INVALID }),
    value: z.unknown(),
    reason: z
      .string({ error: 'O motivo da bolsa deve ser um texto.' })
      .trim()
      .max(500, REASON_TOO_LONG)
      .nullable()
      .optional(),
    valid_from: optionalDateSchema(messages.date('Válida de'), messages.dateRange('Válida de')),
    valid_until: optionalDateSchema(messages.date('Válida até'), messages.dateRange('Válida até')),
  })
  .transform((s, ctx) => {
    const value = s.kind === 'percent' ? parsePercentBp(s.value) : parseMoney(s.value);
    const fits = value !== null && (s.kind === 'percent' ? value <= 10000 : value > 0 && value <= MAX_CENTS);
    if (!fits)
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: s.kind === 'percent' ? PERCENT_INVALID : AMOUNT_INVALID,
      });
    if (s.valid_from && s.valid_until && s.valid_until < s.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: UNTIL_BEFORE_FROM });
    return { ...s, value: value ?? 0, reason: s.reason || null };
  });

export type ScholarshipAnswer = {
  registration_id: number;
  kind: 'percent' | 'amount';
  /** The percent (10 = 10 %) or the amount in reais, as the API speaks of amounts. */
  value: number;
  reason: string | null;
  valid_from: string | null;
  valid_until: string | null;
};

interface ScholarshipRow {
  registration_id: number | string;
  kind: string;
  value: number | string;
  reason: string | null;
  valid_from: string | null;
  valid_until: string | null;
}

async function rowOf(db: Db, registrationId: number): Promise<ScholarshipRow | undefined> {
  return (await dynamic(db)
    .selectFrom('scholarships')
    .select(['registration_id', 'kind', 'value', 'reason', 'valid_from', 'valid_until'])
    .where('registration_id', '=', registrationId)
    .executeTakeFirst()) as ScholarshipRow | undefined;
}

const ruleOf = (row: ScholarshipRow): Scholarship => ({
  kind: row.kind === 'amount' ? 'amount' : 'percent',
  value: Number(row.value),
  valid_from: row.valid_from,
  valid_until: row.valid_until,
});

/** "Bolsa de 10% (válida de 01/02/2027 até 31/12/2027)", "Bolsa de R$ 150,00 por parcela": for documents. */
export function scholarshipText(s: Scholarship): string {
  const what =
    s.kind === 'percent'
      ? `${percentOf(s.value).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`
      : `${formatBRL(s.value)} por parcela`;
  const from = s.valid_from ? ` de ${formatDate(s.valid_from)}` : '';
  const until = s.valid_until ? ` até ${formatDate(s.valid_until)}` : '';
  return `Bolsa de ${what}${from || until ? ` (válida${from}${until})` : ''}`;
}

/**
 * The scholarships of `registrationIds` (every enrolment's when not given) as the money rules take them (basis
 * points or centavos), by enrolment, in one read: for pricing many charges at once. At most one per enrolment.
 */
export async function scholarshipRules(db: Db, registrationIds?: number[]): Promise<Map<number, Scholarship>> {
  if (registrationIds?.length === 0) return new Map();
  let query = dynamic(db)
    .selectFrom('scholarships')
    .select(['registration_id', 'kind', 'value', 'reason', 'valid_from', 'valid_until']);
  if (registrationIds) query = query.where('registration_id', 'in', registrationIds);
  const rows = (await query.execute()) as ScholarshipRow[];
  return new Map(rows.map((row) => [Number(row.registration_id), ruleOf(row)]));
}

const answerOf = (row: ScholarshipRow): ScholarshipAnswer => ({
  registration_id: Number(row.registration_id),
  kind: row.kind === 'amount' ? 'amount' : 'percent',
  value: row.kind === 'amount' ? amountOf(row.value) : percentOf(row.value),
  reason: row.reason,
  valid_from: row.valid_from,
  valid_until: row.valid_until,
});

export function registerScholarshipRoutes(app: FastifyInstance, db: Db): void {
  type Req = { Params: { id: string } };

  app.get<Req>('/registrations/:id/scholarship', { config: { access: 'finance.read' } }, async (request) => {
    const row = await rowOf(db, await registrationInReach(db, request.teams, idParam(request.params.id)));
    return { data: row ? answerOf(row) : null };
  });

  app.put<Req>('/registrations/:id/scholarship', { config: { access: 'finance.write' } }, async (request) => {
    const registrationId = await registrationInReach(db, request.teams, idParam(request.params.id));
    const values = parseOr422(scholarshipSchema, request.body);
    const now = new Date().toISOString();
    const columns = {
      kind: values.kind,
      value: values.value,
      reason: values.reason,
      valid_from: values.valid_from ?? null,
      valid_until: values.valid_until ?? null,
      updated_at: now,
    };
    // The save and its audit in one transaction, the diff taken there: what it replaced is read under the write.
    const after = await inTransaction(db, async (trx) => {
      const before = await rowOf(trx, registrationId);
      // One per enrolment: two saves at once meet on the unique key, the later one wins.
      await dynamic(trx)
        .insertInto('scholarships')
        .values({ registration_id: registrationId, ...columns, created_at: now })
        .onConflict((oc) => oc.column('registration_id').doUpdateSet(columns))
        .execute();
      const saved = (await rowOf(trx, registrationId))!;
      await audit(trx, {
        userId: request.user?.id,
        entity: 'scholarships',
        entityId: registrationId,
        action: before ? 'update' : 'create',
        changes: before ? diff(answerOf(before), answerOf(saved)) : answerOf(saved),
      });
      return saved;
    });
    return { data: answerOf(after), message: 'Bolsa salva com sucesso!' };
  });

  app.delete<Req>('/registrations/:id/scholarship', { config: { access: 'finance.write' } }, async (request) => {
    const registrationId = await registrationInReach(db, request.teams, idParam(request.params.id));
    await inTransaction(db, async (trx) => {
      // What is removed is what the delete returns: a save between a read and the delete cannot be audited wrong.
      const removed = (await dynamic(trx)
        .deleteFrom('scholarships')
        .where('registration_id', '=', registrationId)
        .returning(['registration_id', 'kind', 'value', 'reason', 'valid_from', 'valid_until'])
        .executeTakeFirst()) as ScholarshipRow | undefined;
      if (!removed) throw notFound('Esta matrícula não tem bolsa.');
      await audit(trx, {
        userId: request.user?.id,
        entity: 'scholarships',
        entityId: registrationId,
        action: 'delete',
        changes: answerOf(removed),
      });
    });
    return { message: 'Bolsa removida com sucesso!' };
  });
}
