import { contractUrl } from '../contracts/routes';
import { dynamic, type Db } from '../db/connection';
import { formatDateTime, registrationNumber } from '../../resources/format';

/** "21/11/2026 14:05", in the school's time zone (kept under this name for the student routes). */
export const formatInstant = formatDateTime;

export async function registrationsOf(db: Db, studentId: number) {
  const rows = await dynamic(db)
    .selectFrom('registrations as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.student_id', 'r.created_at', 'r.contract_key', 'r.contract_updated_at', 't.id as team_id', 't.name as team_name', 'u.name as user_name'])
    .where('r.student_id', '=', studentId)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    number: registrationNumber(Number(r.id)),
    created_at: r.created_at,
    student: { id: Number(r.student_id) },
    team: { id: Number(r.team_id), name: r.team_name },
    user: r.user_name ? { name: r.user_name } : null,
    // Null: 'CONTRATO AUSENTE'.
    file_url_contract: r.contract_key ? contractUrl(Number(r.student_id), Number(r.team_id)) : null,
    contract_updated_at: r.contract_updated_at ?? null,
  }));
}

export async function observationsOf(db: Db, studentId: number) {
  const rows = await dynamic(db)
    .selectFrom('observations as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.observation', 'o.created_at', 'o.updated_at', 'u.name as user_name'])
    .where('o.student_id', '=', studentId)
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), observation: r.observation, created_at: r.created_at, created_at_formatted: formatDateTime(r.created_at), user: { name: r.user_name ?? '—' } }));
}

export async function booksOf(db: Db, studentId: number) {
  const rows = await dynamic(db).selectFrom('books').selectAll().where('student_id', '=', studentId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function documentsOf(db: Db, studentId: number) {
  const rows = await dynamic(db).selectFrom('documents').select(['id', 'type', 'file_name', 'folder', 'code', 'created_at']).where('student_id', '=', studentId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
