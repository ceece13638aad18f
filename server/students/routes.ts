import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STUDENT_STATUSES } from '../../resources/students';
import { accessLogOf, logStudentAccess } from '../audit/access';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { idParam as idOf, notFound, parseOr422 as parse } from '../http/errors';
import { booksOf } from '../books/routes';
import { documentsOf } from '../documents/routes';
import { registrationsOf } from '../registrations/queries';
import { closeEnrolmentsOnLeaving } from '../registrations/service';
import { embeddedUser } from '../users/embedded';
import { formatDateTime, schoolDayOf } from '../../resources/format';
import { observationsOf } from './queries';
import { guardiansForExport } from '../guardians/queries';

const statusSchema = z.object({
  status: z.enum(STUDENT_STATUSES, { error: `Status inválido. Use: ${STUDENT_STATUSES.join(', ')}.` }),
});
const observationSchema = z.object({
  observation: z
    .string({ error: 'A observação é obrigatória.' })
    .trim()
    .min(1, 'A observação é obrigatória.')
    .max(5000, 'A observação pode ter no máximo 5000 caracteres.'),
});
/** A student's status and its history, observations and the LGPD export. */
export function registerStudentRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);
  const who = (request: FastifyRequest) => request.user?.id;

  async function studentOr404(id: number) {
    const student = await k.selectFrom('students').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!student) throw notFound('Aluno não encontrado.');
    return student;
  }

  // LGPD access request: everything the school holds about one student, as JSON.
  app.get<{ Params: { id: string } }>(
    '/students/:id/export',
    { config: { access: 'students.personal', reach: { id: 'students' } } },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const student = await k.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
      if (!student) throw notFound('Aluno não encontrado.');
      const { search_text: _ignored, ...personal } = student;
      // Logged first, so the copy handed out lists this export among the accesses too.
      await logStudentAccess(db, request, { studentId: id, action: 'export', detail: 'Exportação de dados (LGPD)' });
      const [registrations, observations, books, documents, statusHistory, auditTrail, accessLog] = await Promise.all([
        registrationsOf(db, id),
        observationsOf(db, id),
        booksOf(db, id),
        documentsOf(db, id),
        k.selectFrom('student_status_history').selectAll().where('student_id', '=', id).orderBy('id').execute(),
        k
          .selectFrom('audit_log')
          .select(['entity', 'entity_id', 'action', 'changes', 'user_id', 'created_at'])
          .where('entity', '=', 'students')
          .where('entity_id', '=', id)
          .orderBy('id')
          .execute(),
        accessLogOf(db, id),
      ]);
      const guardians = await guardiansForExport(k, id);
      await audit(db, { userId: who(request), entity: 'students', entityId: id, action: 'export', changes: {} });
      reply.header('content-disposition', `attachment; filename="aluno-${id}-dados.json"`);
      return {
        exported_at: new Date().toISOString(),
        student: personal,
        registrations,
        guardians,
        status_history: statusHistory,
        observations,
        books,
        documents,
        audit: auditTrail.map((a) => ({ ...a, changes: JSON.parse(String(a.changes)) as unknown })),
        access_log: accessLog.rows,
      };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/students/:id/status',
    { config: { access: 'students.write', reach: { id: 'students' } } },
    async (request) => {
      const student = await studentOr404(idOf(request.params.id));
      const { status } = parse(statusSchema, request.body);
      const now = new Date().toISOString();
      if (student.status !== status) {
        await inTransaction(db, async (tx) => {
          const t = dynamic(tx);
          await t.updateTable('students').set({ status, updated_at: now }).where('id', '=', student.id).execute();
          await t
            .insertInto('student_status_history')
            .values({
              student_id: student.id,
              previous_status: student.status ?? null,
              new_status: status,
              user_id: who(request) ?? null,
              created_at: now,
            })
            .execute();
          await audit(tx, {
            userId: who(request),
            entity: 'students',
            entityId: Number(student.id),
            action: 'update',
            changes: { status: [student.status ?? null, status] },
          });
          // Issue 37: leaving the school closes the open enrolments today (the office may move the day after).
          await closeEnrolmentsOnLeaving(tx, Number(student.id), status, schoolDayOf(), who(request));
        });
      }
      return { data: { id: Number(student.id), status }, message: 'Status atualizado com sucesso!' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/students/:id/status-history',
    { config: { access: 'students.read', reach: { id: 'students' } } },
    async (request) => {
      const student = await studentOr404(idOf(request.params.id));
      const rows = await k
        .selectFrom('student_status_history as h')
        .leftJoin('users as u', 'u.id', 'h.user_id')
        .select(['h.id', 'h.previous_status', 'h.new_status', 'h.created_at', 'u.name as user_name'])
        .where('h.student_id', '=', student.id)
        .orderBy('h.id', 'desc')
        .execute();
      return {
        data: rows.map((r) => ({
          id: Number(r.id),
          previous_status: r.previous_status,
          new_status: r.new_status,
          created_at: r.created_at,
          created_at_formatted: formatDateTime(r.created_at),
          user: embeddedUser(r.user_name),
        })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/students/:id/observations',
    { config: { access: 'students.read', reach: { id: 'students' } } },
    async (request) => {
      const student = await studentOr404(idOf(request.params.id));
      return { data: await observationsOf(db, Number(student.id)) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/students/:id/observations',
    { config: { access: 'students.write', reach: { id: 'students' } } },
    async (request, reply) => {
      const student = await studentOr404(idOf(request.params.id));
      const { observation } = parse(observationSchema, request.body);
      const now = new Date().toISOString();
      const row = await inTransaction(db, async (tx) => {
        const created = await dynamic(tx)
          .insertInto('observations')
          .values({
            student_id: student.id,
            observation,
            user_id: who(request) ?? null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(tx, {
          userId: who(request),
          entity: 'observations',
          entityId: Number(created.id),
          action: 'create',
          changes: { student_id: Number(student.id), observation },
        });
        return created;
      });
      reply.status(201);
      return {
        data: (await observationsOf(db, Number(student.id))).find((o) => o.id === Number(row.id)),
        message: 'Observação adicionada com sucesso!',
      };
    },
  );

  /** The student's observation named by the path, or 404 (also for another student's). */
  const observationOr404 = async (params: { id: string; obs: string }) => {
    const student = await studentOr404(idOf(params.id));
    const obsId = idOf(params.obs);
    const stored = await k
      .selectFrom('observations')
      .selectAll()
      .where('id', '=', obsId)
      .where('student_id', '=', student.id)
      .executeTakeFirst();
    if (!stored) throw notFound('Observação não encontrada.');
    return { student, obsId, stored };
  };

  app.put<{ Params: { id: string; obs: string } }>(
    '/students/:id/observations/:obs',
    { config: { access: 'students.write', reach: { id: 'students' } } },
    async (request) => {
      const { student, obsId, stored } = await observationOr404(request.params);
      const { observation } = parse(observationSchema, request.body);
      await inTransaction(db, async (tx) => {
        await dynamic(tx)
          .updateTable('observations')
          .set({ observation, updated_at: new Date().toISOString() })
          .where('id', '=', obsId)
          .execute();
        await audit(tx, {
          userId: who(request),
          entity: 'observations',
          entityId: obsId,
          action: 'update',
          changes: { observation: [stored.observation, observation] },
        });
      });
      return {
        data: (await observationsOf(db, Number(student.id))).find((o) => o.id === obsId),
        message: 'Observação atualizada com sucesso!',
      };
    },
  );

  app.delete<{ Params: { id: string; obs: string } }>(
    '/students/:id/observations/:obs',
    { config: { access: 'students.write', reach: { id: 'students' } } },
    async (request) => {
      const { obsId, stored } = await observationOr404(request.params);
      await inTransaction(db, async (tx) => {
        await dynamic(tx).deleteFrom('observations').where('id', '=', obsId).execute();
        await audit(tx, {
          userId: who(request),
          entity: 'observations',
          entityId: obsId,
          action: 'delete',
          changes: stored,
        });
      });
      return { message: 'Observação removida com sucesso!' };
    },
  );
}
