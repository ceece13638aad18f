import { dateMessages } from '../../../resources/registrations';
import { dateInRange, formatDate, messages, parseDate, schoolDayOf } from '../../../resources/format';
import { MOVEMENT_KINDS, movementMessages, type MovementKind } from '../../../resources/movements';
import { audit } from '../../audit/log';
import { dynamic, type Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { notFound, validationError } from '../../http/errors';
import { closeEnrolmentsOnLeaving } from '../../registrations/service';

export interface MovementInput {
  kind: MovementKind;
  date: unknown;
  destination_school?: string | null;
  destination_city?: string | null;
  note?: string | null;
}

export interface RecordedMovement {
  id: number;
  registration_id: number;
  student_id: number;
  team_id: number;
  kind: MovementKind;
  date: string;
  status: string;
}

/** The movement's day as typed (`AAAA-MM-DD` or `dd/mm/aaaa`), a real day, never a future one; or the field's 422. */
function movementDay(value: unknown, label: string): string {
  const day = parseDate(value);
  if (!day)
    throw validationError({ date: [value == null || value === '' ? messages.required(label) : messages.date(label)] });
  if (!dateInRange(day)) throw validationError({ date: [messages.dateRange(label)] });
  if (day > schoolDayOf()) throw validationError({ date: [dateMessages.future(label)] });
  return day;
}

/**
 * An enrolment ends by a transfer or another way out: in one transaction its `left_on` becomes the day (the student
 * counts in roll calls until then), the movement is recorded once (a unique row per enrolment: a second click, a
 * second instance or a race gets the 422), and the student's status becomes the kind's (Transferido, Evadido,
 * Falecido, Concluído) with its history line, which closes their other open enrolments on the same day. All audited.
 * Debts are never looked at (Lei 9.870, art. 6).
 */
export async function recordMovement(
  db: Db,
  registrationId: number,
  input: MovementInput,
  label: string,
  userId: number | undefined,
): Promise<RecordedMovement> {
  const date = movementDay(input.date, label);
  const status = MOVEMENT_KINDS[input.kind].status;
  try {
    return await inTransaction(db, async (tx) => {
      const t = dynamic(tx);
      let query = t
        .selectFrom('registrations as r')
        .innerJoin('students as s', 's.id', 'r.student_id')
        .select(['r.id', 'r.student_id', 'r.team_id', 'r.enrolled_on', 'r.left_on', 's.status'])
        .where('r.id', '=', registrationId);
      // Two requests for one enrolment take turns on PostgreSQL, so the second sees the first's exit (SQLite: one
      // writer).
      if (db.dialect === 'postgres') query = query.forUpdate();
      const stored = await query.executeTakeFirst();
      if (!stored) throw notFound('Matrícula não encontrada.');
      if (stored.left_on) throw validationError({ date: [movementMessages.alreadyLeft(formatDate(stored.left_on))] });
      const enrolledOn = String(stored.enrolled_on);
      if (date < enrolledOn)
        throw validationError({ date: [movementMessages.beforeEnrolment(formatDate(enrolledOn))] });
      const studentId = Number(stored.student_id);
      const now = new Date().toISOString();
      const row = await t
        .insertInto('registration_movements')
        .values({
          registration_id: registrationId,
          kind: input.kind,
          date,
          destination_school: input.destination_school ?? null,
          destination_city: input.destination_city ?? null,
          note: input.note || null,
          user_id: userId ?? null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t
        .updateTable('registrations')
        .set({ left_on: date, updated_at: now })
        .where('id', '=', registrationId)
        .execute();
      await audit(tx, {
        userId,
        entity: 'registrations',
        entityId: registrationId,
        action: 'update',
        changes: {
          left_on: [null, date],
          movement: input.kind,
          ...(input.destination_school ? { destination_school: input.destination_school } : {}),
          ...(input.destination_city ? { destination_city: input.destination_city } : {}),
          ...(input.note ? { note: input.note } : {}),
        },
      });
      if (stored.status !== status) {
        await t.updateTable('students').set({ status, updated_at: now }).where('id', '=', studentId).execute();
        await t
          .insertInto('student_status_history')
          .values({
            student_id: studentId,
            previous_status: stored.status ?? null,
            new_status: status,
            user_id: userId ?? null,
            created_at: now,
          })
          .execute();
        await audit(tx, {
          userId,
          entity: 'students',
          entityId: studentId,
          action: 'update',
          changes: { status: [stored.status ?? null, status] },
        });
      }
      // Leaving the school leaves every team: the other open enrolments end on the same day.
      await closeEnrolmentsOnLeaving(tx, studentId, status, date, userId);
      return {
        id: Number(row.id),
        registration_id: registrationId,
        student_id: studentId,
        team_id: Number(stored.team_id),
        kind: input.kind,
        date,
        status,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const left = await dynamic(db)
        .selectFrom('registrations')
        .select('left_on')
        .where('id', '=', registrationId)
        .executeTakeFirst();
      throw validationError({ date: [movementMessages.alreadyLeft(formatDate(left?.left_on ?? date))] });
    }
    throw error;
  }
}

/** Links the documents issued with a transfer to its movement (the screen and the report find them there). */
export async function linkMovementDocuments(
  db: Db,
  movementId: number,
  documents: { declaration_id: number; history_id: number | null },
): Promise<void> {
  await dynamic(db).updateTable('registration_movements').set(documents).where('id', '=', movementId).execute();
}
