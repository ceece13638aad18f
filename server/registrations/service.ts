import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import { conflict, notFound, validationError, type FieldErrors } from '../http/errors';
import type { Storage } from '../storage/storage';
import { removeContractFiles, withdrawContractRows } from '../contracts/issued';
import { registrationNumber } from '../../resources/format';

export const ALREADY_ENROLLED = 'Este aluno já está matriculado nesta turma.';

/** What hangs off a registration and forbids deleting it (the 409 says which). */
const DEPENDENTS = [
  { table: 'grades', by: 'student_and_team', message: 'há notas lançadas para ela' },
  { table: 'financials', by: 'registration', message: 'há cobranças (financeiro) lançadas para ela' },
] as const;

/**
 * Enrols a student in a team: the one way in, for `/registrations` and `/teams/register-student`.
 * A missing student or team is a 422 naming the field; the same pair twice is refused, races included.
 */
export async function createRegistration(
  db: Db,
  input: { student_id: number; team_id: number },
  userId: number | undefined,
) {
  const k = dynamic(db);
  const { student_id, team_id } = input;
  const errors: FieldErrors = {};
  if (!(await k.selectFrom('students').select('id').where('id', '=', student_id).executeTakeFirst()))
    errors.student_id = ['Aluno não encontrado.'];
  if (!(await k.selectFrom('teams').select('id').where('id', '=', team_id).executeTakeFirst()))
    errors.team_id = ['Turma não encontrada.'];
  if (Object.keys(errors).length) throw validationError(errors);
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
        .values({ student_id, team_id, user_id: userId ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(tx, {
        userId,
        entity: 'registrations',
        entityId: Number(row.id),
        action: 'create',
        changes: { student_id, team_id },
      });
      return Number(row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ team_id: [ALREADY_ENROLLED] });
    throw error;
  }
  return { id, student_id, team_id, number: registrationNumber(id) };
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
