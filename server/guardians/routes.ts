import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbiddenMessage, PERSONAL_DATA } from '../../resources/permissions';
import type { Area, AreaContext } from '../area';
import { ApiError, idParam as id } from '../http/errors';
import { registerPayerRoutes } from './payer-routes';
import { guardiansOf, linkGuardian, unlinkGuardian, updateLink } from './service';

type Params = { id: string; guardian_id: string };

/**
 * The guard checks one permission per route: changing a link asks `students.write`, and its answer shows the
 * guardian's CPF and contacts, personal data, so a role without `students.personal` is refused here too.
 */
function writerOf(request: FastifyRequest) {
  if (!request.user?.permissions.includes(PERSONAL_DATA)) throw new ApiError(403, forbiddenMessage(PERSONAL_DATA));
  return { userId: request.user.id };
}

function registerGuardianRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  registerPayerRoutes(app, ctx);
  // A professor holds neither permission; the reach keeps the rule of every route naming a student all the same.
  const reach = { id: 'students' };
  const reads = { config: { access: 'students.personal', reach } };
  const writes = { config: { access: 'students.write', reach } };

  app.get<{ Params: Params }>('/students/:id/guardians', reads, async (request) => ({
    data: await guardiansOf(db, id(request.params.id)),
  }));

  app.post<{ Params: Params }>('/students/:id/guardians', writes, async (request, reply) => {
    const data = await linkGuardian(db, id(request.params.id), request.body, writerOf(request));
    return reply.code(201).send({ data, message: 'Responsável vinculado com sucesso!' });
  });

  app.put<{ Params: Params }>('/students/:id/guardians/:guardian_id', writes, async (request) => ({
    data: await updateLink(db, id(request.params.id), id(request.params.guardian_id), request.body, writerOf(request)),
    message: 'Responsável salvo com sucesso!',
  }));

  app.delete<{ Params: Params }>('/students/:id/guardians/:guardian_id', writes, async (request) => {
    await unlinkGuardian(db, id(request.params.id), id(request.params.guardian_id), writerOf(request));
    return { message: 'Responsável desvinculado com sucesso!' };
  });
}

/**
 * Guardians (issue 26): a student's links to the `guardians` resource, its refused delete (409), and the payer's
 * contact and address completed from the screens that charge (issue 35).
 */
export const guardiansArea: Area = {
  routes: registerGuardianRoutes,
  dependents: {
    guardians: [
      {
        table: 'student_guardians',
        foreignKey: 'guardian_id',
        singular: 'aluno vinculado',
        plural: 'alunos vinculados',
      },
    ],
  },
};
