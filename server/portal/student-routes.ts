import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { notFound, optionalQueryId } from '../http/errors';
import { studentAttendance } from '../lessons/student-attendance';
import { isStorageKey, MIME_OF } from '../storage/storage';
import { ownStudent } from './queries';
import { reportCardOf } from './report-card';

export type StudentParams = { id: string };
export const portalRoute = { config: { portal: true } };

/** What a family sees of each of its students: the photo, the report card and the attendance. */
export function registerStudentRoutes(app: FastifyInstance, { db, storage }: AreaContext): void {
  app.get<{ Params: StudentParams }>('/portal/students/:id/photo', portalRoute, async (request, reply) => {
    const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
    const row = await dynamic(db).selectFrom('students').select('image').where('id', '=', studentId).executeTakeFirst();
    const key = typeof row?.image === 'string' ? row.image : '';
    const content = key && isStorageKey(key) ? await storage.get(key) : null;
    if (!content) throw notFound('Este aluno não tem foto.');
    return reply
      .header('content-type', MIME_OF[key.split('.').pop() ?? ''] ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=60')
      .send(content);
  });

  // `?school_year_id=`: another year's card (the years are in the answer); without it, the current year's.
  app.get<{ Params: StudentParams; Querystring: { school_year_id?: string } }>(
    '/portal/students/:id/report-card',
    portalRoute,
    async (request) => {
      const studentId = await ownStudent(db, request.portalAccount!, request.params.id);
      const yearId = optionalQueryId(request.query.school_year_id, 'school_year_id', 'Selecione um ano letivo válido.');
      return reportCardOf(db, studentId, yearId);
    },
  );

  app.get<{ Params: StudentParams }>('/portal/students/:id/attendance', portalRoute, async (request) =>
    studentAttendance(db, await ownStudent(db, request.portalAccount!, request.params.id)),
  );
}
