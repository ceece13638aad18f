import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../db/connection';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const anyDb = (db: Db) => db.kysely as unknown as Kysely<any>;

/** `YYYY-MM` of an instant in the school's time zone (UTC−3, no daylight saving since 2019). */
function schoolMonth(db: Db, column: string): RawBuilder<string> {
  return db.dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'America/Sao_Paulo', 'YYYY-MM')`
    : sql<string>`substr(datetime(${sql.ref(column)}, '-3 hours'), 1, 7)`;
}

/** The dashboard's three charts, each one aggregate query. */
export function registerIndicatorRoutes(app: FastifyInstance, db: Db): void {
  const k = anyDb(db);

  const perMonth = async (table: string, total: string) => {
    const month = schoolMonth(db, `${table}.created_at`);
    const rows = await k
      .selectFrom(table)
      .select([month.as('month'), sql<number>`count(*)`.as(total)])
      .groupBy(month)
      .orderBy(month)
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
