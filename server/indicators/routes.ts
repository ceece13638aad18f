import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';

/**
 * The dashboard's three charts. Rows per month come from `monthly_counts`, kept by triggers (see
 * server/db/monthly-counts.ts): two dozen rows instead of grouping every student on each visit.
 */
export function registerIndicatorRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  const perMonth = async (table: string, total: string) => {
    const rows = await k.selectFrom('monthly_counts').select(['month', 'n']).where('table_name', '=', table).where('n', '>', 0).orderBy('month').execute();
    return rows.map((r) => ({ month: String(r.month), [total]: Number(r.n) }));
  };

  app.get('/indicators/number-students-per-month', async () => perMonth('students', 'total_students'));
  app.get('/indicators/number-registrations-per-month', async () => perMonth('registrations', 'total_registrations'));
  app.get('/indicators/number-students-per-teams', async () => {
    // Counted on the team index alone, then named: the join touches each team once, not each enrolment.
    const counts = k.selectFrom('registrations').select(['team_id', sql<number>`count(*)`.as('n')]).groupBy('team_id').as('c');
    const rows = await k
      .selectFrom('teams as t')
      .leftJoin(counts, 'c.team_id', 't.id')
      .select(['t.id', 't.name', sql<number>`coalesce(c.n, 0)`.as('total_students')])
      .orderBy('t.name')
      .execute();
    return rows.map((r) => ({ name: String(r.name), total_students: Number(r.total_students) }));
  });
}
