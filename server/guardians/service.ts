import { z } from 'zod';
import { KINSHIPS } from '../../resources/guardians';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { notFound, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';
import { guardianExists, linkOfStudent, linksOf, studentOf, type Link, type Q } from './queries';

export const STUDENT_NOT_FOUND = 'Aluno não encontrado.';
export const GUARDIAN_NOT_FOUND = 'Responsável não encontrado.';
export const NOT_LINKED = 'Este responsável não está vinculado a este aluno.';
export const ALREADY_LINKED = 'Este responsável já está vinculado a este aluno.';
export const MINOR_NEEDS_PAYER =
  'Um aluno menor de idade precisa de um responsável financeiro. Marque outro responsável antes.';
export const ONLY_GUARDIAN_PAYS =
  'Um aluno menor de idade precisa de um responsável financeiro, e este é o único responsável vinculado.';

const KINSHIP = `Escolha o parentesco: ${KINSHIPS.map((k) => k.name).join(', ')}.`;
const yesNo = (what: string) => z.boolean({ error: `Informe sim ou não para ${what}.` }).default(false);

const linkFields = {
  kinship: z.enum(
    KINSHIPS.map((k) => k.id),
    { error: KINSHIP },
  ),
  financial_responsible: yesNo('responsável financeiro'),
  pedagogical_responsible: yesNo('responsável pedagógico'),
};
const createSchema = z.object({ guardian_id: idSchema('Escolha o responsável.'), ...linkFields });
const updateSchema = z.object(linkFields);

/** Who changes a link, for the audit log. */
export interface Writer {
  userId?: number;
}

/**
 * The work on one student's links in one transaction (a payer moved is never lost half-way, and its audit entry is
 * written with it), alone among the others on that student (two offices marking two payers at once would leave
 * two): PostgreSQL locks the student's row (one connection per request, however many students are written at once);
 * SQLite runs one transaction at a time.
 */
function onStudent<T>(db: Db, studentId: number, work: (k: Q, minor: boolean, tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    const k = dynamic(tx);
    const student = await studentOf(k, studentId, db.dialect === 'postgres');
    if (!student) throw notFound(STUDENT_NOT_FOUND);
    return work(k, student.minor, tx);
  });
}

async function unsetOtherPayers(k: Q, studentId: number, guardianId: number, now: string): Promise<void> {
  await k
    .updateTable('student_guardians')
    .set({ financial_responsible: 0, updated_at: now })
    .where('student_id', '=', studentId)
    .where('guardian_id', '<>', guardianId)
    .where('financial_responsible', '=', 1)
    .execute();
}

/** The refusal of leaving a minor with guardians but no payer (or a sole guardian unmarked). */
function refuseNoPayer(others: number): never {
  throw validationError({ financial_responsible: [others > 0 ? MINOR_NEEDS_PAYER : ONLY_GUARDIAN_PAYS] });
}

/** A link as sent (guardian, kinship, marks), checked; a 422 naming the field otherwise. */
export const linkInput = (body: unknown) => parseOr422(createSchema, body);

/**
 * Whether a new link pays: a minor without a financial responsible gets this one (the first guardian of a minor
 * pays, asked or not). A new link that pays takes the mark from the student's other guardians.
 */
export const paysOnLink = (asked: boolean, minor: boolean, current: { financial_responsible: boolean }[]) =>
  asked || (minor && !current.some((l) => l.financial_responsible));

/** Links a guardian to a student, paying as paysOnLink says. */
export async function linkGuardian(db: Db, studentId: number, body: unknown, writer: Writer): Promise<Link> {
  const input = linkInput(body);
  return onStudent(db, studentId, async (k, minor, tx) => {
    if (!(await guardianExists(k, input.guardian_id))) throw notFound(GUARDIAN_NOT_FOUND);
    const current = await linksOf(k, studentId);
    if (current.some((l) => l.guardian_id === input.guardian_id))
      throw validationError({ guardian_id: [ALREADY_LINKED] });
    const pays = paysOnLink(input.financial_responsible, minor, current);
    const now = new Date().toISOString();
    if (pays) await unsetOtherPayers(k, studentId, input.guardian_id, now);
    await k
      .insertInto('student_guardians')
      .values({
        student_id: studentId,
        guardian_id: input.guardian_id,
        kinship: input.kinship,
        financial_responsible: pays ? 1 : 0,
        pedagogical_responsible: input.pedagogical_responsible ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const link = (await linkOfStudent(k, studentId, input.guardian_id))!;
    await audit(tx, {
      userId: writer.userId,
      entity: 'student_guardians',
      entityId: studentId,
      action: 'link',
      changes: link,
    });
    return link;
  });
}

/** Changes a link's kinship and marks; the payer of a minor moves only by marking another one. */
export async function updateLink(
  db: Db,
  studentId: number,
  guardianId: number,
  body: unknown,
  writer: Writer,
): Promise<Link> {
  const input = parseOr422(updateSchema, body);
  return onStudent(db, studentId, async (k, minor, tx) => {
    const stored = await linkOfStudent(k, studentId, guardianId);
    if (!stored) throw notFound((await guardianExists(k, guardianId)) ? NOT_LINKED : GUARDIAN_NOT_FOUND);
    if (minor && stored.financial_responsible && !input.financial_responsible)
      refuseNoPayer((await linksOf(k, studentId)).length - 1);
    const now = new Date().toISOString();
    if (input.financial_responsible) await unsetOtherPayers(k, studentId, guardianId, now);
    await k
      .updateTable('student_guardians')
      .set({
        kinship: input.kinship,
        financial_responsible: input.financial_responsible ? 1 : 0,
        pedagogical_responsible: input.pedagogical_responsible ? 1 : 0,
        updated_at: now,
      })
      .where('student_id', '=', studentId)
      .where('guardian_id', '=', guardianId)
      .execute();
    const after = (await linkOfStudent(k, studentId, guardianId))!;
    await audit(tx, {
      userId: writer.userId,
      entity: 'student_guardians',
      entityId: studentId,
      action: 'update',
      changes: { before: stored, after },
    });
    return after;
  });
}

/**
 * Unlinks a guardian. The payer of a minor who keeps other guardians stays until another is marked; the last
 * guardian of a minor may go (a wrong link is undone at once; the office links the right one after).
 */
export async function unlinkGuardian(db: Db, studentId: number, guardianId: number, writer: Writer): Promise<void> {
  await onStudent(db, studentId, async (k, minor, tx) => {
    const stored = await linkOfStudent(k, studentId, guardianId);
    if (!stored) throw notFound((await guardianExists(k, guardianId)) ? NOT_LINKED : GUARDIAN_NOT_FOUND);
    const others = (await linksOf(k, studentId)).length - 1;
    if (minor && stored.financial_responsible && others > 0) refuseNoPayer(others);
    await k
      .deleteFrom('student_guardians')
      .where('student_id', '=', studentId)
      .where('guardian_id', '=', guardianId)
      .execute();
    await audit(tx, {
      userId: writer.userId,
      entity: 'student_guardians',
      entityId: studentId,
      action: 'delete',
      changes: stored,
    });
  });
}

/** A student's guardians; 404 for a student that does not exist. */
export async function guardiansOf(db: Db, studentId: number): Promise<Link[]> {
  const k = dynamic(db);
  if (!(await studentOf(k, studentId))) throw notFound(STUDENT_NOT_FOUND);
  return linksOf(k, studentId);
}
