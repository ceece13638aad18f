import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { priorStudyFields, registrationOriginFields, type PriorStudy } from '../../../resources/registrations';
import type { FieldConfig } from '../../../resources/types';
import { audit } from '../../audit/log';
import { fieldSchema } from '../../crud/validation';
import { dynamic, type Db } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { idParam, notFound, parseOr422 } from '../../http/errors';
import { registrationInReach } from '../../registrations/queries';

/** A body of the given fields, each checked by its config; an absent one reads as empty (a required one is named). */
function bodySchema(fields: readonly FieldConfig[], mode: 'create' | 'update') {
  const shape = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, mode)]));
  const object = z.object(shape);
  return mode === 'update'
    ? object.partial()
    : z.preprocess(
        (raw) =>
          raw && typeof raw === 'object' && !Array.isArray(raw)
            ? { ...Object.fromEntries(fields.map((f) => [f.name, null])), ...raw }
            : raw,
        object,
      );
}

const originSchema = bodySchema(registrationOriginFields, 'update');
const studySchema = bodySchema(priorStudyFields, 'create');

export type Origin = Partial<Record<(typeof registrationOriginFields)[number]['name'], string | null>>;

/** The origin fields of an enrolment's body (create or edit), checked; only those sent. */
export function originOf(body: unknown): Origin {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const picked = Object.fromEntries(
    registrationOriginFields.filter((f) => f.name in sent).map((f) => [f.name, sent[f.name]]),
  );
  return parseOr422(originSchema, picked) as Origin;
}

/** The office records or corrects where an enrolled student came from: audited, only what changed. */
export async function updateRegistrationOrigin(
  db: Db,
  id: number,
  origin: Origin,
  userId: number | undefined,
): Promise<void> {
  const keys = Object.keys(origin) as (keyof Origin)[];
  if (keys.length === 0) return;
  await inTransaction(db, async (tx) => {
    const t = dynamic(tx);
    const stored = await t.selectFrom('registrations').select(keys).where('id', '=', id).executeTakeFirst();
    if (!stored) throw notFound('Matrícula não encontrada.');
    const changes = Object.fromEntries(
      keys
        .filter((k) => (stored[k] ?? null) !== (origin[k] ?? null))
        .map((k) => [k, [stored[k] ?? null, origin[k] ?? null]]),
    );
    if (Object.keys(changes).length === 0) return;
    await t
      .updateTable('registrations')
      .set({ ...origin, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(tx, { userId, entity: 'registrations', entityId: id, action: 'update', changes });
  });
}

/** The grades a student brought from other schools (all their enrolments'), by year, series and discipline. */
export async function priorStudiesOf(
  db: Db,
  by: { registrationId?: number; studentId?: number },
): Promise<PriorStudy[]> {
  let query = dynamic(db)
    .selectFrom('prior_studies as p')
    .innerJoin('registrations as r', 'r.id', 'p.registration_id')
    .select(['p.id', 'p.registration_id', 'p.year', 'p.series', 'p.discipline', 'p.grade', 'p.hours']);
  if (by.registrationId) query = query.where('p.registration_id', '=', by.registrationId);
  if (by.studentId) query = query.where('r.student_id', '=', by.studentId);
  const rows = await query.orderBy('p.year').orderBy('p.series').orderBy('p.discipline').orderBy('p.id').execute();
  return rows.map((r) => ({
    id: Number(r.id),
    registration_id: Number(r.registration_id),
    year: Number(r.year),
    series: String(r.series),
    discipline: String(r.discipline),
    grade: String(r.grade),
    hours: r.hours == null ? null : Number(r.hours),
  }));
}

/**
 * `GET/POST /registrations/{id}/prior-studies`, `DELETE …/{study}`: the grades from the school of origin, entered by
 * the office for the history. Reading is `students.read`, writing `students.write`, as the enrolment itself.
 */
export function registerPriorStudyRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(
    '/registrations/:id/prior-studies',
    { config: { access: 'students.read' } },
    async (request) => {
      const id = await registrationInReach(db, request.teams, idParam(request.params.id));
      return { data: await priorStudiesOf(db, { registrationId: id }) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/registrations/:id/prior-studies',
    { config: { access: 'students.write' } },
    async (request, reply) => {
      const id = await registrationInReach(db, request.teams, idParam(request.params.id));
      const input = parseOr422(studySchema, request.body ?? {}) as Omit<PriorStudy, 'id' | 'registration_id'>;
      const now = new Date().toISOString();
      const values = {
        year: input.year,
        series: input.series,
        discipline: input.discipline,
        grade: input.grade,
        hours: input.hours ?? null,
      };
      const created = await inTransaction(db, async (tx) => {
        const row = await dynamic(tx)
          .insertInto('prior_studies')
          .values({
            registration_id: id,
            ...values,
            user_id: request.user?.id ?? null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(tx, {
          userId: request.user?.id,
          entity: 'prior_studies',
          entityId: Number(row.id),
          action: 'create',
          changes: { registration_id: id, ...values },
        });
        return Number(row.id);
      });
      reply.status(201);
      return { data: { id: created, registration_id: id, ...values }, message: 'Nota da escola de origem registrada!' };
    },
  );

  app.delete<{ Params: { id: string; study: string } }>(
    '/registrations/:id/prior-studies/:study',
    { config: { access: 'students.write' } },
    async (request) => {
      const id = await registrationInReach(db, request.teams, idParam(request.params.id));
      const studyId = idParam(request.params.study);
      await inTransaction(db, async (tx) => {
        const t = dynamic(tx);
        const stored = await t
          .selectFrom('prior_studies')
          .selectAll()
          .where('id', '=', studyId)
          .where('registration_id', '=', id)
          .executeTakeFirst();
        if (!stored) throw notFound('Nota não encontrada.');
        await t.deleteFrom('prior_studies').where('id', '=', studyId).execute();
        await audit(tx, {
          userId: request.user?.id,
          entity: 'prior_studies',
          entityId: studyId,
          action: 'delete',
          changes: stored,
        });
      });
      return { message: 'Nota da escola de origem removida.' };
    },
  );
}
