import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { assertMayApplyPlans } from '../finance/plans';
import { idParam as id } from '../http/errors';
import { rollover } from './rollover/run';
import { createSuccessors, proposeSuccessors } from './successors';
import { currentSchoolYear } from './years';

/** Next year (issue 38): next year's teams from this year's, and the rollover of their students. */
export function registerNextYearRoutes(app: FastifyInstance, { db }: AreaContext): void {
  // Whoever writes teams proposes and creates next year's.
  app.get<{ Params: { id: string }; Querystring: { to_year_id?: string } }>(
    '/school-years/:id/successors',
    { config: { access: 'teams.write' } },
    async (request) => proposeSuccessors(db, id(request.params.id), request.query.to_year_id),
  );

  app.post<{ Params: { id: string } }>(
    '/school-years/:id/successors',
    { config: { access: 'teams.write' } },
    async (request, reply) => {
      const data = await createSuccessors(db, id(request.params.id), request.body);
      reply.status(201);
      return { data, message: `${data.length} ${data.length === 1 ? 'turma criada' : 'turmas criadas'} com sucesso!` };
    },
  );

  // Enrolling is writing teams; applying the new teams' plans also asks for the finance permission.
  app.post<{ Params: { id: string } }>(
    '/school-years/:id/rollover',
    { config: { access: 'teams.write' } },
    async (request) => {
      const body = request.body as { apply_plans?: unknown; dry_run?: unknown } | null;
      if (body?.apply_plans === true && body.dry_run !== true) assertMayApplyPlans(request);
      return rollover(db, id(request.params.id), request.body, request.user?.id);
    },
  );
}

/**
 * The year the screens open on (`currentSchoolYear`), for every signed-in person: the dashboard, the reports and the
 * lists default to it. A list, as record GETs answer: empty while the school has no year.
 */
export function registerCurrentYearRoute(app: FastifyInstance, { db }: AreaContext): void {
  app.get('/school-years/current', { config: { access: 'signed-in' } }, async () => {
    const year = await currentSchoolYear(db);
    return { data: year ? [year] : [] };
  });
}
