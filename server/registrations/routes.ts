import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Area, AreaContext } from '../area';
import { idSchema } from '../http/ids';
import { idParam, parseOr422 } from '../http/errors';
import { withRegistrations } from './queries';
import { createRegistration, deleteRegistration } from './service';

const registrationSchema = z.object({
  student_id: idSchema('Selecione o aluno.'),
  team_id: idSchema('Selecione a turma.'),
});

function registerRegistrationRoutes(app: FastifyInstance, { db, storage }: AreaContext): void {
  // Two paths of the contract for one act; each keeps its own words.
  const enrol = (message: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const data = await createRegistration(db, parseOr422(registrationSchema, request.body), request.user?.id);
    reply.status(201);
    return { data, message };
  };
  app.post('/registrations', { config: { access: 'students.write' } }, enrol('Matrícula realizada com sucesso!'));
  app.post(
    '/teams/register-student',
    { config: { access: 'students.write' } },
    enrol('Aluno matriculado com sucesso!'),
  );

  app.delete<{ Params: { id: string } }>(
    '/registrations/:id',
    { config: { access: 'students.write' } },
    async (request) => {
      await deleteRegistration(db, storage, idParam(request.params.id), request.user?.id);
      return { message: 'Matrícula removida com sucesso!' };
    },
  );
}

/** Enrolments: their routes, the `registrations` that students and teams carry, and what they block. */
export const registrationsArea: Area = {
  routes: registerRegistrationRoutes,
  hooks: ({ db }) => ({
    students: {
      embeds: ['teams'],
      decorateList: (rows) => withRegistrations(db, 'student_id', rows),
      decorateRecord: async (row) => (await withRegistrations(db, 'student_id', [row]))[0],
    },
    teams: {
      decorateList: (rows) => withRegistrations(db, 'team_id', rows),
      decorateRecord: async (row) => (await withRegistrations(db, 'team_id', [row]))[0],
    },
  }),
  dependents: {
    students: [{ table: 'registrations', foreignKey: 'student_id', singular: 'matrícula', plural: 'matrículas' }],
    teams: [{ table: 'registrations', foreignKey: 'team_id', singular: 'matrícula', plural: 'matrículas' }],
  },
};
