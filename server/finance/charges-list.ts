import type { ResourceHooks } from '../crud/hooks';
import type { Row } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import { inChunks } from '../db/chunks';

/**
 * The charges list's student and team (resources/charges.ts): each charge's enrolment names them, read for the whole
 * page in one query, answered as the list's `many` fields are (`[{ id, name }]`).
 */
export function chargesListHooks(db: Db): ResourceHooks {
  const decorate = async (rows: Row[]) => {
    const ids = rows.map((r) => Number(r.id));
    const found = await inChunks(ids, (slice) =>
      dynamic(db)
        .selectFrom('financials as f')
        .innerJoin('registrations as g', 'g.id', 'f.registration_id')
        .innerJoin('students as s', 's.id', 'g.student_id')
        .innerJoin('teams as t', 't.id', 'g.team_id')
        .select([
          'f.id as id',
          's.id as student_id',
          's.name as student_name',
          't.id as team_id',
          't.name as team_name',
        ])
        .where('f.id', 'in', slice)
        .execute(),
    );
    const byCharge = new Map(found.map((r) => [Number(r.id), r]));
    return rows.map((row) => {
      const of = byCharge.get(Number(row.id));
      return {
        ...row,
        student: of ? [{ id: Number(of.student_id), name: of.student_name }] : [],
        team: of ? [{ id: Number(of.team_id), name: of.team_name }] : [],
      };
    });
  };
  return {
    embeds: ['student', 'team'],
    decorateList: decorate,
    decorateRecord: async (row) => (await decorate([row]))[0],
  };
}
