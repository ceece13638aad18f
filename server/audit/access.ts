import type { FastifyRequest } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { isForeignKeyViolation } from '../db/errors';

/**
 * The LGPD access log (migration 0018): who opened a student's record ('view'), downloaded one of their
 * documents ('document'), exported their data ('export') or drew a report about them alone ('report').
 * Staff reads of anything else, and the student's own sub-lists the record screen loads after the record
 * (observations, status history, the photo), are not logged: the record read already says who looked.
 */
export type AccessAction = 'view' | 'document' | 'export' | 'report';

/**
 * The same person reopening the same record within this window (react-admin refetches a record after
 * each save and when the window regains focus) is one opening, not one row per refetch. Remembered per
 * server process (several instances may each write one). Downloads and exports are always written: each
 * one hands out a copy.
 */
export const VIEW_WINDOW_MS = 60_000;
const recentViews = new WeakMap<Db, Map<string, number>>();

function seenRecently(db: Db, key: string, now: number): boolean {
  let seen = recentViews.get(db);
  if (!seen) recentViews.set(db, (seen = new Map()));
  const last = seen.get(key);
  if (last !== undefined && now - last < VIEW_WINDOW_MS) return true;
  // Bounded: the oldest entries go first (a Map keeps insertion order).
  if (seen.size >= 10_000) for (const old of [...seen.keys()].slice(0, 1_000)) seen.delete(old);
  seen.delete(key);
  seen.set(key, now);
  return false;
}

/**
 * One row for one access, written within the request (one insert) so that whoever reads the log next sees
 * it. A failure to write never fails the read it describes: it is logged without personal data (no name,
 * no detail) and the answer goes on.
 */
export async function logStudentAccess(
  db: Db,
  request: FastifyRequest,
  entry: { studentId: number; action: AccessAction; detail?: string },
): Promise<void> {
  const user = request.user;
  if (!user) return;
  const now = Date.now();
  if (entry.action === 'view' && seenRecently(db, `${user.id}:${entry.studentId}`, now)) return;
  try {
    await dynamic(db)
      .insertInto('student_access_log')
      .values({
        student_id: entry.studentId,
        user_id: user.id,
        user_name: user.name.slice(0, 190),
        action: entry.action,
        detail: (entry.detail ?? '').slice(0, 255),
        created_at: new Date(now).toISOString(),
      })
      .execute();
  } catch (error) {
    recentViews.get(db)?.delete(`${user.id}:${entry.studentId}`);
    // No such student (a report filtered on an id nobody has, a record deleted meanwhile): nothing was opened.
    if (isForeignKeyViolation(error)) return;
    const message = error instanceof Error ? error.message : String(error);
    request.log.error({ studentId: entry.studentId, action: entry.action, error: message }, 'access log not written');
  }
}

export interface AccessEntry {
  id: number;
  user: { id: number | null; name: string };
  action: AccessAction;
  detail: string;
  created_at: string;
}

const toEntry = (r: Record<string, unknown>): AccessEntry => ({
  id: Number(r.id),
  user: { id: r.user_id === null ? null : Number(r.user_id), name: String(r.user_name) },
  action: r.action as AccessAction,
  detail: String(r.detail ?? ''),
  created_at: String(r.created_at),
});

/** A student's access log, newest first; `page` 0 is every row (the LGPD export). */
export async function accessLogOf(
  db: Db,
  studentId: number,
  { page, perPage }: { page: number; perPage: number } = { page: 0, perPage: 0 },
): Promise<{ rows: AccessEntry[]; total: number }> {
  const k = dynamic(db);
  const base = () => k.selectFrom('student_access_log').where('student_id', '=', studentId);
  let query = base()
    .select(['id', 'user_id', 'user_name', 'action', 'detail', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (page > 0) query = query.limit(perPage).offset((page - 1) * perPage);
  const [rows, count] = await Promise.all([
    query.execute(),
    base()
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toEntry), total: Number((count as { total: unknown }).total) };
}
