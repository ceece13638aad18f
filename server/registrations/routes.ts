import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Area, AreaContext } from '../area';
import { idSchema } from '../http/ids';
import { idParam, parseOr422, validationError } from '../http/errors';
import { applyPlan, assertMayApplyPlans, optionalPlanSchema, planOr422 } from '../finance/plans';
import { registrationById, registrationInReach, withRegistrations } from './queries';
import { createRegistration, deleteRegistration, updateRegistrationDates } from './service';
import { originOf, updateRegistrationOrigin } from '../school-year/movements/arriving';

const registrationSchema = z.object({
  student_id: idSchema('Selecione o aluno.'),
  team_id: idSchema('Selecione a turma.'),
  // Issue 27: a payment plan applied in the same step (its charges, or no enrolment at all).
  payment_plan_id: optionalPlanSchema,
  // Issue 37: checked with their own words (resources/registrations.ts) by createRegistration.
  enrolled_on: z.unknown().optional(),
  left_on: z.unknown().optional(),
});

function registerRegistrationRoutes(app: FastifyInstance, { db, storage }: AreaContext): void {
  // Two paths of the contract for one act; each keeps its own words.
  const enrol = (message: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { payment_plan_id, ...input } = parseOr422(registrationSchema, request.body);
    if (payment_plan_id) assertMayApplyPlans(request);
    // Issue 38: where an arriving student comes from, checked with its fields' words.
    const origin = originOf(request.body);
    const plan = payment_plan_id ? await planOr422(db, payment_plan_id) : undefined;
    const data = await createRegistration(db, { ...input, origin }, request.user?.id);
    reply.status(201);
    if (!plan) return { data, message };
    // Right after the enrolment, in a transaction of its own; if it fails the enrolment is undone (it has nothing
    // else yet), so the office sees one act that happened whole or not at all.
    try {
      const financials = await applyPlan(db, data.id, plan, null, request.user?.id);
      return { data: { ...data, financials }, message };
    } catch (error) {
      await deleteRegistration(db, storage, data.id, request.user?.id);
      throw error;
    }
  };
  app.post('/registrations', { config: { access: 'students.write' } }, enrol('Matrícula realizada com sucesso!'));
  app.post(
    '/teams/register-student',
    { config: { access: 'students.write' } },
    enrol('Aluno matriculado com sucesso!'),
  );

  // One enrolment, as the contract answers a record: a list whose first item is it (with its dates, issue 37).
  app.get<{ Params: { id: string } }>(
    '/registrations/:id',
    { config: { access: 'students.read' } },
    async (request) => {
      const id = await registrationInReach(db, request.teams, idParam(request.params.id));
      return { data: [await registrationById(db, id)] };
    },
  );

  // The office changes the enrolment's dates and its school of origin; nothing else of an enrolment changes (another
  // team is another one).
  app.put<{ Params: { id: string } }>(
    '/registrations/:id',
    { config: { access: 'students.write' } },
    async (request) => {
      const id = await registrationInReach(db, request.teams, idParam(request.params.id));
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body))
        throw validationError({ enrolled_on: ['Envie as datas da matrícula.'] });
      const origin = originOf(body);
      await updateRegistrationDates(db, id, { enrolled_on: body.enrolled_on, left_on: body.left_on }, request.user?.id);
      await updateRegistrationOrigin(db, id, origin, request.user?.id);
      return { data: await registrationById(db, id), message: 'Matrícula atualizada com sucesso!' };
    },
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
