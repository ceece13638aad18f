import { audit, auditAll } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import { conflict, notFound, validationError, type FieldErrors } from '../http/errors';
import type { Storage } from '../storage/storage';
import { removeContractFiles, withdrawContractRows } from '../contracts/issued';
import { registrationNumber } from '../../resources/format';
import { checkRegistrationDates, LEAVING_STATUSES, type RegistrationDates } from '../../resources/registrations';

export const ALREADY_ENROLLED = 'Este aluno já está matriculado nesta turma.';

/** What hangs off a registration and forbids deleting it (the 409 says which). */
const DEPENDENTS = [
  { table: 'grades', by: 'student_and_team', message: 'há notas lançadas para ela' },
  { table: 'financials', by: 'registration', message: 'há cobranças (financeiro) lançadas para ela' },
] as const;

/**
 * Enrols a student in a team: the one way in, for `/registrations` and `/teams/register-student`.
 * A missing student or team is a 422 naming the field; the same pair twice is refused, races included.
 * The enrolment day is today unless the office typed an earlier one (`enrolled_on`); `left_on` may come with it.
 */
export async function createRegistration(
  db: Db,
  input: {
    student_id: number;
    team_id: number;
    enrolled_on?: unknown;
    left_on?: unknown;
    origin?: Record<string, string | null>;
  },
  userId: number | undefined,
) {
  const k = dynamic(db);
  const { student_id, team_id } = input;
  const origin = input.origin ?? {};
  const checked = checkRegistrationDates(input, undefined);
  const errors: FieldErrors = { ...checked.errors };
  if (!(await k.selectFrom('students').select('id').where('id', '=', student_id).executeTakeFirst()))
    errors.student_id = ['Aluno não encontrado.'];
  if (!(await k.selectFrom('teams').select('id').where('id', '=', team_id).executeTakeFirst()))
    errors.team_id = ['Turma não encontrada.'];
  if (Object.keys(errors).length || !checked.dates) throw validationError(errors);
  const dates = checked.dates;
  if (
    await k
      .selectFrom('registrations')
      .select('id')
      .where('student_id', '=', student_id)
      .where('team_id', '=', team_id)
      .executeTakeFirst()
  ) {
    throw validationError({ team_id: [ALREADY_ENROLLED] });
  }
  const now = new Date().toISOString();
  let id: number;
  try {
    id = await inTransaction(db, async (tx) => {
      const row = await dynamic(tx)
        .insertInto('registrations')
        .values({ student_id, team_id, ...dates, ...origin, user_id: userId ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(tx, {
        userId,
        entity: 'registrations',
        entityId: Number(row.id),
        action: 'create',
        changes: { student_id, team_id, ...dates, ...origin },
      });
      return Number(row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ team_id: [ALREADY_ENROLLED] });
    throw error;
  }
  return { id, student_id, team_id, number: registrationNumber(id), ...dates, ...origin };
}

/**
 * Many enrolments at once (a spreadsheet import's slice, issue 37): each checked and audited as createRegistration
 * does, with one query of each kind for the whole slice. `legacy_number` (the previous system's number) goes in with
 * the row. All or nothing, in the caller's transaction when there is one. `latest` is the last enrolment day accepted
 * (today unless given: the rollover enrols on next year's first day).
 */
export async function createRegistrationList(
  db: Db,
  list: { student_id: number; team_id: number; enrolled_on?: unknown; legacy_number?: string | null }[],
  userId: number | undefined,
  latest?: string,
): Promise<{ id: number; student_id: number; team_id: number; enrolled_on: string; legacy_number?: string }[]> {
  if (!list.length) return [];
  const k = dynamic(db);
  const errors: FieldErrors = {};
  const dated = list.map((input) => {
    const checked = checkRegistrationDates(input, undefined, latest);
    Object.assign(errors, checked.errors);
    return { input, dates: checked.dates };
  });
  const missing = async (table: string, ids: number[]) => {
    const found = await k
      .selectFrom(table)
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return found.length < new Set(ids).size;
  };
  if (
    await missing(
      'students',
      list.map((i) => i.student_id),
    )
  )
    errors.student_id = ['Aluno não encontrado.'];
  if (
    await missing(
      'teams',
      list.map((i) => i.team_id),
    )
  )
    errors.team_id = ['Turma não encontrada.'];
  if (Object.keys(errors).length) throw validationError(errors);
  const pairs = new Set(list.map((i) => `${i.student_id}:${i.team_id}`));
  const enrolled = await k
    .selectFrom('registrations')
    .select(['student_id', 'team_id'])
    .where('student_id', 'in', [...new Set(list.map((i) => i.student_id))])
    .execute();
  if (pairs.size < list.length || enrolled.some((r) => pairs.has(`${Number(r.student_id)}:${Number(r.team_id)}`)))
    throw validationError({ team_id: [ALREADY_ENROLLED] });
  const now = new Date().toISOString();
  const rows = dated.map(({ input, dates }) => ({
    student_id: input.student_id,
    team_id: input.team_id,
    ...dates!,
    ...(input.legacy_number ? { legacy_number: input.legacy_number } : {}),
  }));
  try {
    return await inTransaction(db, async (tx) => {
      const created: {
        id: number;
        student_id: number;
        team_id: number;
        enrolled_on: string;
        legacy_number?: string;
      }[] = [];
      // One statement per shape (with or without the old number); ids grow in the order of the VALUES.
      for (const numbered of [false, true]) {
        const group = rows.filter((r) => 'legacy_number' in r === numbered);
        for (let i = 0; i < group.length; i += 200) {
          const slice = group.slice(i, i + 200);
          const inserted = await dynamic(tx)
            .insertInto('registrations')
            .values(slice.map((r) => ({ ...r, user_id: userId ?? null, created_at: now, updated_at: now })))
            .returning('id')
            .execute();
          const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
          slice.forEach((r, n) => created.push({ ...r, id: ids[n] }));
        }
      }
      await auditAll(
        tx,
        created.map(({ id, legacy_number: _old, ...changes }) => ({
          userId,
          entity: 'registrations',
          entityId: id,
          action: 'create' as const,
          changes,
        })),
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ team_id: [ALREADY_ENROLLED] });
    throw error;
  }
}

/**
 * The office changes an enrolment's dates (`PUT /registrations/{id}`): either or both, checked against the other as
 * stored; audited as any change of a student's data. Answers the dates as stored.
 */
export async function updateRegistrationDates(
  db: Db,
  id: number,
  sent: { enrolled_on?: unknown; left_on?: unknown },
  userId: number | undefined,
): Promise<RegistrationDates> {
  return inTransaction(db, async (tx) => {
    const t = dynamic(tx);
    let query = t.selectFrom('registrations').select(['enrolled_on', 'left_on']).where('id', '=', id);
    // Two edits of one enrolment take turns on PostgreSQL, so the check sees the other's dates (SQLite: one writer).
    if (db.dialect === 'postgres') query = query.forUpdate();
    const stored = await query.executeTakeFirst();
    if (!stored) throw notFound('Matrícula não encontrada.');
    const before = { enrolled_on: String(stored.enrolled_on), left_on: stored.left_on ?? null };
    const checked = checkRegistrationDates(sent, before);
    if (!checked.dates) throw validationError(checked.errors);
    const after = checked.dates;
    const changes = Object.fromEntries(
      (['enrolled_on', 'left_on'] as const)
        .filter((key) => before[key] !== after[key])
        .map((key) => [key, [before[key], after[key]]]),
    );
    if (Object.keys(changes).length === 0) return after;
    await t
      .updateTable('registrations')
      .set({ ...after, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await audit(tx, { userId, entity: 'registrations', entityId: id, action: 'update', changes });
    return after;
  });
}

/** Deletes a registration with nothing hanging off it, and its contracts. */
export async function deleteRegistration(
  db: Db,
  storage: Storage,
  id: number,
  userId: number | undefined,
): Promise<void> {
  const k = dynamic(db);
  const stored = await k.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!stored) throw notFound('Matrícula não encontrada.');
  for (const dependent of DEPENDENTS) {
    let q = k.selectFrom(dependent.table).select((eb) => eb.fn.countAll<number>().as('n'));
    q =
      dependent.by === 'registration'
        ? q.where('registration_id', '=', id)
        : q.where('student_id', '=', stored.student_id).where('team_id', '=', stored.team_id);
    if (Number((await q.executeTakeFirst())?.n ?? 0) > 0)
      throw conflict(`Não é possível apagar esta matrícula: ${dependent.message}.`);
  }
  // Its contracts go with it: their codes stop verifying, and their files are removed once that is committed.
  const files = await inTransaction(db, async (tx) => {
    const keys = await withdrawContractRows(tx, id, stored.contract_key ? String(stored.contract_key) : null);
    await dynamic(tx).deleteFrom('registrations').where('id', '=', id).execute();
    await audit(tx, { userId, entity: 'registrations', entityId: id, action: 'delete', changes: stored });
    return keys;
  });
  await removeContractFiles(storage, files);
}

/**
 * A student's status changed (`PUT /students/{id}/status`, in its transaction): to a leaving status (Inativo,
 * Concluído, Evadido), their open enrolments get `left_on` = `day`, each audited; one the office already closed keeps
 * its day. Nothing is reopened on a return to Ativo: the office clears or moves the exit day on the MATRÍCULAS tab.
 */
export async function closeEnrolmentsOnLeaving(
  tx: Db,
  studentId: number,
  status: string,
  day: string,
  userId: number | undefined,
): Promise<void> {
  if (!LEAVING_STATUSES.includes(status)) return;
  const t = dynamic(tx);
  const open = await t
    .selectFrom('registrations')
    .select(['id', 'enrolled_on'])
    .where('student_id', '=', studentId)
    .where('left_on', 'is', null)
    .execute();
  if (open.length === 0) return;
  const now = new Date().toISOString();
  for (const r of open) {
    // An enrolment typed with a later day than today cannot exist (never a future day), so `day` is never before it.
    const leftOn = String(r.enrolled_on) > day ? String(r.enrolled_on) : day;
    await t
      .updateTable('registrations')
      .set({ left_on: leftOn, updated_at: now })
      .where('id', '=', r.id)
      .where('left_on', 'is', null)
      .execute();
    await audit(tx, {
      userId,
      entity: 'registrations',
      entityId: Number(r.id),
      action: 'update',
      changes: { left_on: [null, leftOn], status },
    });
  }
}
