import type { FastifyInstance } from 'fastify';
import { accessLogOf } from '../audit/access';
import { dynamic, type Db } from '../db/connection';
import { idParam, notFound, validationError } from '../http/errors';
import { envelope, parseListQuery } from '../http/list-query';

/**
 * `GET /students/{id}/access-log`: who opened the record, downloaded a document or exported the data,
 * newest first, paged like every list. Reading the log is not itself logged.
 */
export function registerAccessLogRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(
    '/students/:id/access-log',
    { config: { access: 'students.access_log', reach: { id: 'students' } } },
    async (request) => {
      const id = idParam(request.params.id);
      const parsed = parseListQuery(request.query);
      if (!parsed.ok) throw validationError(parsed.errors);
      const student = await dynamic(db).selectFrom('students').select('id').where('id', '=', id).executeTakeFirst();
      if (!student) throw notFound('Aluno não encontrado.');
      const { rows, total } = await accessLogOf(db, id, parsed.value);
      return envelope(rows, total, parsed.value);
    },
  );
}
