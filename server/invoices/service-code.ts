import { dynamic, type Db } from '../db/connection';

/**
 * The national service code (cTribNac) of a charge's invoice: the course of the charge's team when it sets one
 * (Cadastros › Cursos › Código de serviço), else the school's (Nota fiscal's settings).
 */
export async function serviceCodeOf(db: Db, chargeId: number, schoolCode: string): Promise<string> {
  const row = await dynamic(db)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .innerJoin('grids as g', 'g.id', 't.grid_id')
    .innerJoin('courses as c', 'c.id', 'g.course_id')
    .select('c.service_code')
    .where('f.id', '=', chargeId)
    .executeTakeFirst();
  const own = typeof row?.service_code === 'string' ? row.service_code.trim() : '';
  return own || schoolCode;
}
