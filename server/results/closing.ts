import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, notFound, validationError } from '../http/errors';

export const TEAM_CLOSED = 'A turma está encerrada.';
const NOT_FOUND = 'Turma não encontrada.';

/** Whether a team was closed at the end of its year (its grades, lessons and results then refuse changes). */
export async function isTeamClosed(db: Db, teamId: number): Promise<boolean> {
  const row = await dynamic(db).selectFrom('teams').select('closed_at').where('id', '=', teamId).executeTakeFirst();
  return row?.closed_at != null;
}

/**
 * 409 "A turma está encerrada." for a change to a closed team. Each write path calls it inside its own
 * transaction: on PostgreSQL the team's row is share-locked there, so a close (which updates it) waits for the
 * writes already under way and every write after it sees the team closed; SQLite runs one writer at a time.
 */
export async function refuseIfClosed(db: Db, teamIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(teamIds)];
  if (!ids.length) return;
  let query = dynamic(db).selectFrom('teams').select(['id', 'closed_at']).where('id', 'in', ids);
  if (db.dialect === 'postgres') query = query.forShare();
  const rows = await query.execute();
  if (rows.some((r) => r.closed_at != null)) throw conflict(TEAM_CLOSED);
}

export interface TeamClosing {
  closed_at: string | null;
  closed_by: { id: number; name: string } | null;
  reopen_reason: string | null;
}

export async function closingOf(db: Db, teamId: number): Promise<TeamClosing> {
  const row = await dynamic(db)
    .selectFrom('teams as t')
    .leftJoin('users as u', 'u.id', 't.closed_by')
    .select(['t.id', 't.closed_at', 't.reopen_reason', 'u.id as user_id', 'u.name as user_name'])
    .where('t.id', '=', teamId)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  const at = row.closed_at;
  return {
    closed_at: at == null ? null : at instanceof Date ? at.toISOString() : String(at),
    closed_by: at == null || row.user_id == null ? null : { id: Number(row.user_id), name: String(row.user_name) },
    reopen_reason: row.reopen_reason == null ? null : String(row.reopen_reason),
  };
}

/**
 * Closes a team: one conditional update, so that two offices closing at once close it once (the second is
 * told it already is). Audited.
 */
export async function closeTeam(db: Db, teamId: number, userId: number | undefined): Promise<TeamClosing> {
  const now = new Date().toISOString();
  await inTransaction(db, async (tx) => {
    await closingOf(tx, teamId);
    const done = await dynamic(tx)
      .updateTable('teams')
      .set({ closed_at: now, closed_by: userId ?? null })
      .where('id', '=', teamId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict('A turma já está encerrada.');
    await audit(tx, {
      userId,
      entity: 'teams',
      entityId: teamId,
      action: 'update',
      changes: { closed_at: [null, now] },
    });
  });
  return closingOf(db, teamId);
}

const REASON = 'Informe o motivo da reabertura (até 1000 caracteres).';

/** Reopens a closed team with the reason Administração gives; audited with it. */
export async function reopenTeam(db: Db, teamId: number, body: unknown, userId: number | undefined) {
  const raw = (body as { reason?: unknown } | null)?.reason;
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason || reason.length > 1000) throw validationError({ reason: [REASON] });
  await inTransaction(db, async (tx) => {
    const before = await closingOf(tx, teamId);
    const done = await dynamic(tx)
      .updateTable('teams')
      .set({ closed_at: null, closed_by: null, reopen_reason: reason })
      .where('id', '=', teamId)
      .where('closed_at', 'is not', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict('A turma não está encerrada.');
    await audit(tx, {
      userId,
      entity: 'teams',
      entityId: teamId,
      action: 'update',
      changes: { closed_at: [before.closed_at, null], reopen_reason: [before.reopen_reason, reason] },
    });
  });
  return closingOf(db, teamId);
}
