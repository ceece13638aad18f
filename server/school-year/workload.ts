import type { FastifyInstance } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { idParam as id, notFound } from '../http/errors';
import { calendarOf, schoolYearOr404 } from './calendar';

/** LDB art. 24, I: at least 200 days of school work and 800 hours a year. */
export const LDB_MINIMUMS = { days: 200, hours: 800 } as const;

/**
 * `GET /teams/{id}/workload`: the LDB line of a team — per discipline, the hours its grid plans and the hours its
 * lessons gave (horas-aula, as the diary counts them), and its school year's days — against the minimums.
 */
export function registerWorkloadRoute(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);
  app.get<{ Params: { id: string } }>(
    '/teams/:id/workload',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => {
      const team = await k
        .selectFrom('teams')
        .select(['id', 'grid_id', 'school_year_id'])
        .where('id', '=', id(request.params.id))
        .executeTakeFirst();
      if (!team) throw notFound('Turma não encontrada.');
      const planned = await k
        .selectFrom('grid_templates as t')
        .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
        .select(['d.id', 'd.name', (eb) => eb.fn.sum<number>('t.workload').as('hours')])
        .where('t.grid_id', '=', team.grid_id)
        .groupBy(['d.id', 'd.name'])
        .orderBy(byName(db, 'd.name'))
        .execute();
      const given = await k
        .selectFrom('lessons')
        .select(['discipline_id', (eb) => eb.fn.sum<number>('periods').as('hours')])
        .where('team_id', '=', team.id)
        .groupBy('discipline_id')
        .execute();
      const givenOf = new Map(given.map((g) => [Number(g.discipline_id), Number(g.hours)]));
      const disciplines = planned.map((p) => ({
        discipline_id: Number(p.id),
        name: String(p.name),
        planned_hours: Number(p.hours),
        given_hours: givenOf.get(Number(p.id)) ?? 0,
      }));
      const year = team.school_year_id ? await schoolYearOr404(db, Number(team.school_year_id)) : undefined;
      const schoolDays = year ? (await calendarOf(db, year)).school_days : null;
      const plannedHours = disciplines.reduce((sum, d) => sum + d.planned_hours, 0);
      return {
        team_id: Number(team.id),
        school_year: year ? { id: year.id, year: year.year, school_days: schoolDays } : null,
        minimums: LDB_MINIMUMS,
        planned_hours: plannedHours,
        given_hours: disciplines.reduce((sum, d) => sum + d.given_hours, 0),
        meets: {
          days: schoolDays !== null && schoolDays >= LDB_MINIMUMS.days,
          hours: plannedHours >= LDB_MINIMUMS.hours,
        },
        disciplines,
      };
    },
  );
}
