import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbiddenMessage, PERSONAL_DATA } from '../../resources/permissions';
import type { Area, AreaContext } from '../area';
import { ApiError, idParam as id, validationError } from '../http/errors';
import { parseListQuery } from '../http/list-query';
import { duplicatePairs, guardianDuplicates, studentDuplicates, type DuplicateKind } from './duplicates';
import { mergeGuardians, mergeStudents } from './merge';

/**
 * Merging is writing students (or guardians), and the pairs show CPFs, birth dates and mothers, personal data: a
 * role that writes without `students.personal` is refused here too (the guard checks one permission per route).
 */
function userOf(request: FastifyRequest): number | undefined {
  if (!request.user?.permissions.includes(PERSONAL_DATA)) throw new ApiError(403, forbiddenMessage(PERSONAL_DATA));
  return request.user.id;
}

function registerMergeRoutes(app: FastifyInstance, { db, storage }: AreaContext): void {
  const list = (kind: DuplicateKind) => async (request: FastifyRequest) => {
    userOf(request);
    const query = parseListQuery(request.query);
    if (!query.ok) throw validationError(query.errors);
    return duplicatePairs(db, kind, query.value);
  };
  const writes = { config: { access: 'students.write' } };

  app.get('/students/duplicates', writes, list(studentDuplicates));
  app.get('/guardians/duplicates', writes, list(guardianDuplicates));

  app.post<{ Params: { id: string } }>(
    '/students/:id/merge',
    { config: { access: 'students.write', reach: { id: 'students' } } },
    async (request) => ({
      data: await mergeStudents(db, storage, id(request.params.id), request.body, userOf(request)),
      message: 'Alunos unidos com sucesso!',
    }),
  );

  app.post<{ Params: { id: string } }>('/guardians/:id/merge', writes, async (request) => ({
    data: await mergeGuardians(db, id(request.params.id), request.body, userOf(request)),
    message: 'Responsáveis unidos com sucesso!',
  }));
}

/** Likely duplicates of students and guardians (issue 37), and their merge into one record. */
export const mergeArea: Area = { routes: registerMergeRoutes };
