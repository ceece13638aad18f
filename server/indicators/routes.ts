import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { byName } from '../db/name-order';
import { lowAttendanceCount, lowAttendanceList } from '../reports/low-attendance';
import { optionalQueryId } from '../http/errors';
import { receivablesOf } from './receivables';

/**
 * The dashboard's three charts, read from counters kept by triggers: rows per month from `monthly_counts`
 * (server/db/monthly-counts.ts), enrolments per team from `team_counts` (server/db/team-counts.ts). A
 * visit reads a few dozen rows instead of grouping every student and enrolment.
 */
const YEAR = 'Selecione um ano letivo válido.';

export function registerIndicatorRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  const perMonth = async (table: string, total: string) => {
    const rows = await k
      .selectFrom('monthly_counts')
      .select(['month', 'n'])
      .where('table_name', '=', table)
      .where('n', '>', 0)
      .orderBy('month')
      .execute();
    return rows.map((r) => ({ month: String(r.month), [total]: Number(r.n) }));
  };

  app.get('/indicators/number-students-per-month', { config: { access: 'students.read' } }, async () =>
    perMonth('students', 'total_students'),
  );
  app.get('/indicators/number-registrations-per-month', { config: { access: 'students.read' } }, async () =>
    perMonth('registrations', 'total_registrations'),
  );
  app.get('/indicators/number-students-per-teams', { config: { access: 'students.read' } }, async (request) => {
    // Every team, the ones with no enrolment too (no counter row yet: 0); a teacher's own teams only (reach.ts).
    // `?school_year_id=` keeps one year's (the dashboard opens on the current one); without it, every year's, as the
    // original client reads them.
    const yearId = optionalQueryId(
      (request.query as { school_year_id?: unknown }).school_year_id,
      'school_year_id',
      YEAR,
    );
    let q = k
      .selectFrom('teams as t')
      .leftJoin('team_counts as c', 'c.team_id', 't.id')
      .select(['t.name', sql<number>`coalesce(c.n, 0)`.as('total_students')]);
    if (request.teams) q = q.where('t.id', 'in', request.teams.length ? request.teams : [-1]);
    if (yearId !== undefined) q = q.where('t.school_year_id', '=', yearId);
    const rows = await q.orderBy(byName(db, 't.name')).orderBy('t.id').execute();
    return rows.map((r) => ({ name: String(r.name), total_students: Number(r.total_students) }));
  });
  // The dashboard's card of the students under the school's minimum attendance: for whoever may draw the
  // report that lists them ('Alunos com baixa frequência'), a teacher counting their own teams only.
  app.get('/indicators/low-attendance', { config: { access: 'reports.general' } }, async (request) =>
    lowAttendanceCount(db, request.teams),
  );
  // The students the card counts, on screen (the direction opens the card): one row per discipline under it.
  app.get('/indicators/low-attendance/students', { config: { access: 'reports.general' } }, async (request) =>
    lowAttendanceList(db, request.teams),
  );
  // The money view (issue 27): the FINANCEIRO dashboard's figures; `?team_id=` for one team.
  app.get('/indicators/receivables', { config: { access: 'finance.read' } }, async (request) => {
    const teamId = optionalQueryId(
      (request.query as { team_id?: unknown }).team_id,
      'team_id',
      'Selecione uma turma válida.',
    );
    return receivablesOf(db, { teamId, teams: request.teams });
  });
}
