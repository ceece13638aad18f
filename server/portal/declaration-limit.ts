import { sql } from 'kysely';
import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { ApiError } from '../http/errors';

/** Declarations of enrolment a family may issue for one student on one school day (each a PDF and an e-mail). */
export const DECLARATIONS_PER_DAY = 5;

export const DECLARATION_LIMIT = `Você já emitiu ${DECLARATIONS_PER_DAY} declarações de matrícula deste aluno hoje, o limite por dia. Use uma das já emitidas (em Documentos) ou tente novamente amanhã.`;

/**
 * Takes one of the student's declarations of the school day, or refuses with 429 when the day's are all taken.
 * Counted up in one statement that only counts while under the limit, so parallel requests and several
 * instances never pass it together. Returns how to give the declaration back, for an issue that then fails
 * (a crash in between keeps it taken: the limit errs on the side of holding).
 */
export async function takeDeclaration(db: Db, studentId: number, now = new Date()): Promise<() => Promise<void>> {
  const k = dynamic(db);
  const day = schoolDayOf(now);
  const taken = await k
    .insertInto('declaration_days')
    .values({ student_id: studentId, day, issued: 1 })
    .onConflict((oc) =>
      oc
        .columns(['student_id', 'day'])
        .doUpdateSet({ issued: sql`declaration_days.issued + 1` })
        .where('declaration_days.issued', '<', DECLARATIONS_PER_DAY),
    )
    .returning('issued')
    .executeTakeFirst();
  if (!taken) throw new ApiError(429, DECLARATION_LIMIT);
  // The student's earlier days count for nothing any more: the table keeps one row per student.
  await k.deleteFrom('declaration_days').where('student_id', '=', studentId).where('day', '<', day).execute();
  return async () => {
    await k
      .updateTable('declaration_days')
      .set({ issued: sql`issued - 1` })
      .where('student_id', '=', studentId)
      .where('day', '=', day)
      .where('issued', '>', 0)
      .execute();
  };
}
