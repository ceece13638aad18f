import { dynamic, type Db } from '../db/connection';
import { notFound, validationError } from '../http/errors';
import { asId } from '../http/ids';

export interface SchoolYear {
  id: number;
  year: number;
  start_date: string;
  end_date: string;
  status: string;
}

async function yearRow(db: Db, id: number): Promise<SchoolYear | undefined> {
  const row = await dynamic(db)
    .selectFrom('school_years')
    .select(['id', 'year', 'start_date', 'end_date', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    year: Number(row.year),
    start_date: String(row.start_date),
    end_date: String(row.end_date),
    status: String(row.status),
  };
}

/** The year of the path: 404 when it does not exist. */
export async function schoolYearOr404(db: Db, id: number): Promise<SchoolYear> {
  const year = await yearRow(db, id);
  if (!year) throw notFound('Ano letivo não encontrado.');
  return year;
}

/**
 * The year next year's teams and enrolments go to (`to_year_id`): a 422 naming the field when it is missing, is the
 * year of the path itself, or is closed (nothing is enrolled in a closed year).
 */
export async function targetYearOr422(db: Db, from: SchoolYear, raw: unknown): Promise<SchoolYear> {
  const id = asId(raw);
  const year = id === undefined ? undefined : await yearRow(db, id);
  if (!year) throw validationError({ to_year_id: ['Selecione o ano letivo de destino.'] });
  if (year.id === from.id) throw validationError({ to_year_id: ['O ano letivo de destino deve ser outro ano.'] });
  if (year.status === 'closed')
    throw validationError({ to_year_id: [`O ano letivo ${year.year} está encerrado: reabra-o antes.`] });
  return year;
}
