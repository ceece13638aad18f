import { z } from 'zod';
import { auditAll } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, notFound, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';
import { isStorageKey, type Storage } from '../storage/storage';
import type { Q } from '../guardians/queries';

type Row = Record<string, unknown>;
type Owner = 'student' | 'guardian';

const bodySchema = z.object({ from: idSchema('Escolha o registro a unir a este.') });
const SELF = 'Escolha outro registro: um registro não se une a ele mesmo.';

/** The `from` of a merge's body: another record than the one kept (422 otherwise). */
function fromOf(keep: number, body: unknown): number {
  const { from } = parseOr422(bodySchema, body);
  if (from === keep) throw validationError({ from: [SELF] });
  return from;
}

/**
 * Both records, locked until the commit: a second merge of the same pair (or of the pair the other way round)
 * waits here and then finds the removed one gone (404), never half-moved rows. PostgreSQL locks the rows, lower id
 * first so two merges cannot wait on each other; SQLite runs one write transaction at a time.
 */
async function lockedPair(tx: Db, table: string, keep: number, from: number, missing: string): Promise<[Row, Row]> {
  let query = dynamic(tx).selectFrom(table).selectAll().where('id', 'in', [keep, from]).orderBy('id');
  if (tx.dialect === 'postgres') query = query.forUpdate();
  const rows = (await query.execute()) as Row[];
  const kept = rows.find((r) => Number(r.id) === keep);
  const removed = rows.find((r) => Number(r.id) === from);
  if (!kept || !removed) throw notFound(missing);
  return [kept, removed];
}

/** Rows of `table` whose `column` is `from` now belong to `keep`; how many moved. */
async function move(k: Q, table: string, column: string, keep: number, from: number): Promise<number> {
  const result = await k
    .updateTable(table)
    .set({ [column]: keep })
    .where(column, '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The links of `from` to students (or guardians) become `keep`'s. A person linked to both keeps one link with
 * both records' roles. A student's payer stays one: when the kept student has one, the moved links pay nothing.
 */
async function moveLinks(k: Q, owner: Owner, keep: number, from: number, now: string): Promise<number> {
  const mine = owner === 'student' ? 'student_id' : 'guardian_id';
  const other = owner === 'student' ? 'guardian_id' : 'student_id';
  const linksOf = (id: number) =>
    k
      .selectFrom('student_guardians')
      .select(['id', other, 'financial_responsible', 'pedagogical_responsible'])
      .where(mine, '=', id)
      .execute() as Promise<Row[]>;
  const [kept, moved] = await Promise.all([linksOf(keep), linksOf(from)]);
  // Two guardians of one student never both pay; two records of one student may each have a payer.
  const keptPays = owner === 'student' && kept.some((l) => Number(l.financial_responsible) === 1);
  for (const link of moved) {
    const pays = Number(link.financial_responsible) === 1 && !keptPays;
    const twin = kept.find((l) => Number(l[other]) === Number(link[other]));
    if (twin) {
      await k
        .updateTable('student_guardians')
        .set({
          financial_responsible: Number(twin.financial_responsible) === 1 || pays ? 1 : 0,
          pedagogical_responsible:
            Number(twin.pedagogical_responsible) === 1 || Number(link.pedagogical_responsible) === 1 ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', twin.id)
        .execute();
      await k.deleteFrom('student_guardians').where('id', '=', link.id).execute();
    } else {
      await k
        .updateTable('student_guardians')
        .set({ [mine]: keep, financial_responsible: pays ? 1 : 0, updated_at: now })
        .where('id', '=', link.id)
        .execute();
    }
  }
  return moved.length;
}

/**
 * The portal account of `from` becomes `keep`'s; when both have one, the kept record's stays and the other is
 * closed (its sessions and links go with it): one person, one way in. Answers the closed account's e-mail.
 */
async function movePortalAccount(k: Q, owner: Owner, keep: number, from: number): Promise<string | null> {
  const column = `${owner}_id`;
  const accounts = (await k
    .selectFrom('portal_accounts')
    .select(['id', column, 'email'])
    .where(column, 'in', [keep, from])
    .execute()) as Row[];
  const moved = accounts.find((a) => Number(a[column]) === from);
  if (!moved) return null;
  if (accounts.some((a) => Number(a[column]) === keep)) {
    await k.deleteFrom('portal_accounts').where('id', '=', moved.id).execute();
    return String(moved.email);
  }
  await move(k, 'portal_accounts', column, keep, from);
  return null;
}

/** Messages told to `from` count as told to `keep` (one message per event and person); a twin is dropped. */
async function moveRecipient(k: Q, owner: Owner, keep: number, from: number): Promise<void> {
  const [kept, moved] = [`${owner}:${keep}`, `${owner}:${from}`];
  await k
    .deleteFrom('notifications')
    .where('recipient', '=', moved)
    .where('event', 'in', k.selectFrom('notifications as n').select('n.event').where('n.recipient', '=', kept))
    .execute();
  await k.updateTable('notifications').set({ recipient: kept }).where('recipient', '=', moved).execute();
}

/** The portal's declarations of a day add up, so the daily limit still counts both records' requests. */
async function moveDeclarationDays(k: Q, keep: number, from: number): Promise<void> {
  const days = (await k.selectFrom('declaration_days').selectAll().where('student_id', '=', from).execute()) as Row[];
  for (const day of days) {
    const added = await k
      .updateTable('declaration_days')
      .set((eb) => ({ issued: eb('issued', '+', Number(day.issued)) }))
      .where('student_id', '=', keep)
      .where('day', '=', day.day)
      .executeTakeFirst();
    if (Number(added.numUpdatedRows) > 0)
      await k.deleteFrom('declaration_days').where('student_id', '=', from).where('day', '=', day.day).execute();
    else
      await k
        .updateTable('declaration_days')
        .set({ student_id: keep })
        .where('student_id', '=', from)
        .where('day', '=', day.day)
        .execute();
  }
}

const recordOf = ({ search_text: _omitted, ...row }: Row) => row;

/** Both records as they were, in the audit: the kept one names what came in, the removed one where it went. */
async function auditMerge(tx: Db, entity: string, kept: Row, removed: Row, moved: Row, userId?: number) {
  await auditAll(tx, [
    {
      userId,
      entity,
      entityId: Number(kept.id),
      action: 'merge',
      changes: { merged_from: Number(removed.id), before: recordOf(kept), moved },
    },
    {
      userId,
      entity,
      entityId: Number(removed.id),
      action: 'merge',
      changes: { merged_into: Number(kept.id), before: recordOf(removed) },
    },
  ]);
}

const STUDENT_NOT_FOUND = 'Aluno não encontrado.';
const GUARDIAN_NOT_FOUND = 'Responsável não encontrado.';
const names = (rows: Row[]) => [...new Set(rows.map((r) => String(r.name)))].join(', ');

/** Enrolments (or grades) of both in one team would break its unique keys: the office removes one first. */
async function refuseSameTeam(k: Q, keep: number, from: number): Promise<void> {
  const teams = (await k
    .selectFrom('registrations as a')
    .innerJoin('registrations as b', 'b.team_id', 'a.team_id')
    .innerJoin('teams as t', 't.id', 'a.team_id')
    .select('t.name')
    .where('a.student_id', '=', keep)
    .where('b.student_id', '=', from)
    .execute()) as Row[];
  if (teams.length > 0)
    throw conflict(
      `Os dois alunos estão matriculados na mesma turma (${names(teams)}). Remova uma das matrículas antes de unir.`,
    );
  const grades = (await k
    .selectFrom('grades as a')
    .innerJoin('grades as b', (j) =>
      j
        .onRef('b.team_id', '=', 'a.team_id')
        .onRef('b.stage_id', '=', 'a.stage_id')
        .onRef('b.discipline_id', '=', 'a.discipline_id'),
    )
    .innerJoin('teams as t', 't.id', 'a.team_id')
    .select('t.name')
    .where('a.student_id', '=', keep)
    .where('b.student_id', '=', from)
    .execute()) as Row[];
  if (grades.length > 0)
    throw conflict(
      `Os dois alunos têm notas da mesma disciplina e etapa na turma ${names(grades)}. Apague uma antes de unir.`,
    );
}

/** Tables whose rows simply change owner (the others are merged by the functions above). */
const STUDENT_ROWS = [
  'registrations',
  'grades',
  'documents',
  'student_status_history',
  'observations',
  'books',
  'enrolment_requests',
  'signatures',
];

/** One request per campaign and student: two of the same campaign are the office's to settle first. */
async function refuseSameCampaign(k: Q, keep: number, from: number): Promise<void> {
  const both = await k
    .selectFrom('enrolment_requests as a')
    .innerJoin('enrolment_requests as b', 'b.campaign_id', 'a.campaign_id')
    .select('a.campaign_id')
    .where('a.student_id', '=', keep)
    .where('b.student_id', '=', from)
    .execute();
  if (both.length > 0)
    throw conflict('Os dois alunos têm pedido na mesma campanha de matrícula. Resolva um dos pedidos antes de unir.');
}

/**
 * `POST /students/{keep}/merge {from}`: everything of `from` becomes `keep`'s in one transaction (see
 * references.ts), `from` is deleted, and both records are written to the audit as they were. The kept record's
 * fields stay; its photo is taken from `from` only when it has none.
 */
export async function mergeStudents(db: Db, storage: Storage, keep: number, body: unknown, userId?: number) {
  const from = fromOf(keep, body);
  const unusedPhoto = await inTransaction(db, async (tx) => {
    const k = dynamic(tx);
    const [kept, removed] = await lockedPair(tx, 'students', keep, from, STUDENT_NOT_FOUND);
    await refuseSameTeam(k, keep, from);
    await refuseSameCampaign(k, keep, from);
    const now = new Date().toISOString();
    const moved: Row = {};
    for (const table of STUDENT_ROWS) moved[table] = await move(k, table, 'student_id', keep, from);
    moved.student_access_log = await move(k, 'student_access_log', 'student_id', keep, from);
    moved.student_guardians = await moveLinks(k, 'student', keep, from, now);
    moved.portal_account_closed = await movePortalAccount(k, 'student', keep, from);
    await moveRecipient(k, 'student', keep, from);
    await move(k, 'notifications', 'student_id', keep, from);
    await moveDeclarationDays(k, keep, from);
    const takePhoto = !kept.image && !!removed.image;
    if (takePhoto) await k.updateTable('students').set({ image: removed.image }).where('id', '=', keep).execute();
    await k.updateTable('students').set({ updated_at: now }).where('id', '=', keep).execute();
    await k.deleteFrom('students').where('id', '=', from).execute();
    await auditMerge(tx, 'students', kept, removed, moved, userId);
    return takePhoto ? null : removed.image;
  });
  // The removed record's own photo, once nothing points at it (after the commit: a rollback keeps it).
  if (typeof unusedPhoto === 'string' && isStorageKey(unusedPhoto)) await storage.delete(unusedPhoto).catch(() => {});
  return { id: keep, merged: from };
}

/** `POST /guardians/{keep}/merge {from}`: the same for guardians (their links to students and portal account). */
export async function mergeGuardians(db: Db, keep: number, body: unknown, userId?: number) {
  const from = fromOf(keep, body);
  await inTransaction(db, async (tx) => {
    const k = dynamic(tx);
    const [kept, removed] = await lockedPair(tx, 'guardians', keep, from, GUARDIAN_NOT_FOUND);
    const now = new Date().toISOString();
    const moved: Row = {
      student_guardians: await moveLinks(k, 'guardian', keep, from, now),
      portal_account_closed: await movePortalAccount(k, 'guardian', keep, from),
      enrolment_requests: await move(k, 'enrolment_requests', 'guardian_id', keep, from),
    };
    await moveRecipient(k, 'guardian', keep, from);
    await k.updateTable('guardians').set({ updated_at: now }).where('id', '=', keep).execute();
    await k.deleteFrom('guardians').where('id', '=', from).execute();
    await auditMerge(tx, 'guardians', kept, removed, moved, userId);
  });
  return { id: keep, merged: from };
}
