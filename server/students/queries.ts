import { formatDateTime } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { embeddedUser } from '../users/embedded';

export async function observationsOf(db: Db, studentId: number) {
  const rows = await dynamic(db)
    .selectFrom('observations as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.observation', 'o.created_at', 'o.updated_at', 'u.name as user_name'])
    .where('o.student_id', '=', studentId)
    .orderBy('o.id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), observation: r.observation, created_at: r.created_at, created_at_formatted: formatDateTime(r.created_at), user: embeddedUser(r.user_name) }));
}
