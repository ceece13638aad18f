import type { FastifyInstance } from 'fastify';
import type { Area } from '../area';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { idParam as id, notFound } from '../http/errors';
import { answerDates } from '../crud/dates';
import { originalDateFields } from '../../resources/types';
import { teams } from '../../resources/teams';
import { registerTeacherRoutes, teacherDependents } from './teachers';
import { disciplinesTaughtBy } from './teachers-queries';

/** A team's disciplines and enrolled students. */
export function registerTeamRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  async function teamOr404(teamId: number) {
    const team = await k.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
    if (!team) throw notFound('Turma não encontrada.');
    return team;
  }

  app.get<{ Params: { id: string } }>(
    '/teams/:id/disciplines',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => {
      const team = await teamOr404(id(request.params.id));
      const rows = await k
        .selectFrom('grid_templates as t')
        .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
        // The hours are the team's grid's (its stages added up), as on the history: the discipline's own
        // workload is only the catalogue's suggestion.
        .select(['d.id', 'd.name', 'd.amount_of_reviews', (eb) => eb.fn.sum<number>('t.workload').as('workload')])
        .where('t.grid_id', '=', team.grid_id)
        .groupBy(['d.id', 'd.name', 'd.amount_of_reviews'])
        .orderBy(byName(db, 'd.name'))
        .execute();
      // A teacher (confined to their teams, reach.ts) is offered only the disciplines they teach here: the grade
      // entry lists no sheet they could not save.
      const taught = request.teams && (await disciplinesTaughtBy(db, request.user!.id, Number(team.id)));
      // The original server's shape, a plain list of `{id, discipline}` (discipline: the name), which outside
      // front ends read; the workload and number of assessments ride along for our own screen.
      return rows
        .filter((r) => !taught || taught.includes(Number(r.id)))
        .map((r) => ({
          id: Number(r.id),
          discipline: String(r.name),
          workload: Number(r.workload),
          amount_of_reviews: Number(r.amount_of_reviews),
        }));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/teams/:id/students',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => {
      const team = await teamOr404(id(request.params.id));
      const registrations = await k
        .selectFrom('registrations as r')
        .innerJoin('students as s', 's.id', 'r.student_id')
        .select(['r.id', 'r.student_id', 'r.team_id', 'r.created_at', 's.name as student_name'])
        .where('r.team_id', '=', team.id)
        .orderBy(byName(db, 's.name'))
        .orderBy('r.id')
        .execute();
      const answer = {
        name: team.name,
        start_date: team.start_date,
        end_date: team.end_date,
        registrations: registrations.map((r) => ({
          id: Number(r.id),
          team_id: Number(r.team_id),
          created_at: r.created_at,
          student: { id: Number(r.student_id), name: r.student_name },
        })),
      };
      // The team's dates as the team's record answers them (dd/mm/aaaa unless the client asks for ISO).
      return answerDates(request, answer, originalDateFields(teams));
    },
  );
}

/** Teams' bespoke calls (their grades are the grades area's) and their teachers. */
export const teamsArea: Area = {
  routes: (app, { db }) => {
    registerTeamRoutes(app, db);
    registerTeacherRoutes(app, db);
  },
  dependents: teacherDependents,
};
