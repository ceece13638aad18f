import type { FastifyInstance } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { idParam as id, notFound } from '../http/errors';
import { LDB_MINIMUMS, type TeamWorkload } from '../../resources/workload';
import { calendarOf, schoolYearOr404 } from './calendar';

/**
 * The LDB line of a team — per discipline, the hours its grid plans and the hours its lessons gave (horas-aula, as the
 * diary counts them), and its school year's days — against its course's minimums (the LDB's where it sets none).
 * Undefined for a team that does not exist.
 */
export async function teamWorkload(db: Db, teamId: number): Promise<TeamWorkload | undefined> {
  const k = dynamic(db);
  const team = await k
    .selectFrom('teams as t')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .select(['t.id', 't.grid_id', 't.school_year_id', 'c.minimum_days', 'c.minimum_hours'])
    .where('t.id', '=', teamId)
    .executeTakeFirst();
  if (!team) return undefined;
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
  // Read only: the class diary reads it in a report worker, on a read-only connection.
  const schoolDays = year ? (await calendarOf(db, year, { readOnly: true })).school_days : null;
  const plannedHours = disciplines.reduce((sum, d) => sum + d.planned_hours, 0);
  const minimums = {
    days: team.minimum_days == null ? LDB_MINIMUMS.days : Number(team.minimum_days),
    hours: team.minimum_hours == null ? LDB_MINIMUMS.hours : Number(team.minimum_hours),
  };
  return {
    team_id: Number(team.id),
    school_year: year ? { id: year.id, year: year.year, school_days: schoolDays } : null,
    minimums,
    planned_hours: plannedHours,
    given_hours: disciplines.reduce((sum, d) => sum + d.given_hours, 0),
    meets: { days: schoolDays !== null && schoolDays >= minimums.days, hours: plannedHours >= minimums.hours },
    disciplines,
  };
}

/** `GET /teams/{id}/workload`: the team's LDB line (teamWorkload). */
export function registerWorkloadRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(
    '/teams/:id/workload',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => {
      const workload = await teamWorkload(db, id(request.params.id));
      if (!workload) throw notFound('Turma não encontrada.');
      return workload;
    },
  );
}
