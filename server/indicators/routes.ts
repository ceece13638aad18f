import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { dynamic, type Db } from '../db/connection';

/**
 * The month of an instant in the school's time zone (UTC−3, no daylight saving since 2019): the bucket
 * to group by, and its `YYYY-MM` label. PostgreSQL groups by a truncated timestamp (cheaper than
 * formatting every row) and formats only the buckets.
 */
function schoolMonth(db: Db, column: string): { bucket: RawBuilder<unknown>; label: RawBuilder<string> } {
  if (db.dialect === 'postgres') {
    const bucket = sql`date_trunc('month', (${sql.ref(column)} at time zone 'UTC') - interval '3 hours')`;
    return { bucket, label: sql<string>`to_char(${bucket}, 'YYYY-MM')` };
  }
  const bucket = sql<string>`substr(datetime(${sql.ref(column)}, '-3 hours'), 1, 7)`;
  return { bucket, label: bucket };
}

/** The dashboard's three charts, each one aggregate query. */
export function registerIndicatorRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  const perMonth = async (table: string, total: string) => {
    const { bucket, label } = schoolMonth(db, `${table}.created_at`);
    const rows = await k
      .selectFrom(table)
      .select([label.as('month'), sql<number>`count(*)`.as(total)])
      .groupBy(bucket)
      .orderBy(bucket)
      .execute();
    return rows.map((r) => ({ month: String(r.month), [total]: Number(r[total]) }));
  };

  app.get('/indicators/number-students-per-month', async () => perMonth('students', 'total_students'));
  app.get('/indicators/number-registrations-per-month', async () => perMonth('registrations', 'total_registrations'));
  app.get('/indicators/number-students-per-teams', async () => {
    const rows = await k
      .selectFrom('teams as t')
      .leftJoin('registrations as r', 'r.team_id', 't.id')
      .select(['t.id', 't.name', sql<number>`count(r.id)`.as('total_students')])
      .groupBy(['t.id', 't.name'])
      .orderBy('t.name')
      .execute();
    return rows.map((r) => ({ name: String(r.name), total_students: Number(r.total_students) }));
  });
}
