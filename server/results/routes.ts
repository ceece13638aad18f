import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { mayAccess } from '../auth/routes';
import { idParam as id } from '../http/errors';
import { closeTeam, closingOf, reopenTeam } from './closing';
import { COUNCIL_ACCESS, RESULTS_SAVED, saveResults } from './save';
import { teamResults } from './team-results';

function registerResultRoutes(app: FastifyInstance, { db }: AreaContext): void {
  // Whoever sees the team sees its results (a teacher: only the teams they teach).
  app.get<{ Params: { id: string } }>(
    '/teams/:id/results',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => {
      const teamId = id(request.params.id);
      const { data, ...rest } = await teamResults(db, teamId);
      return { data, ...rest, ...(await closingOf(db, teamId)) };
    },
  );

  // Make-ups are grades: whoever grades enters them (a teacher, in their disciplines). A council decision in the
  // body also asks COUNCIL_ACCESS ('results.manage': Secretaria and Administração; the direction signs the ata).
  app.put<{ Params: { id: string; registration: string } }>(
    '/teams/:id/results/:registration',
    { config: { access: 'grades.write', reach: { id: 'teams' } } },
    async (request) => {
      const data = await saveResults(db, id(request.params.id), id(request.params.registration), request.body, {
        userId: request.user?.id,
        teacherId: request.teams ? request.user?.id : undefined,
        mayDecide: mayAccess(request.user!, COUNCIL_ACCESS),
      });
      return { data, message: RESULTS_SAVED };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/teams/:id/close',
    { config: { access: 'results.manage' } },
    async (request) => ({
      data: await closeTeam(db, id(request.params.id), request.user?.id),
      message: 'Turma encerrada: notas, aulas e resultados não podem mais ser alterados.',
    }),
  );

  // Administração only (the permission no other built-in role holds), with the reason in the audit log.
  app.post<{ Params: { id: string } }>(
    '/teams/:id/reopen',
    { config: { access: 'teams.reopen' } },
    async (request) => ({
      data: await reopenTeam(db, id(request.params.id), request.body, request.user?.id),
      message: 'Turma reaberta.',
    }),
  );
}

/** The year's results of a team: make-ups, council decisions, closing and reopening (issue 38). */
export const resultsArea: Area = {
  routes: registerResultRoutes,
};
