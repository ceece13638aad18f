import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { chargeById } from '../finance/queries';
import { createCharges, updateCharge, type ChargeValues } from '../finance/service';
import { flushKnown } from './flush';
import { saveGrades } from '../grades/service';
import { createRegistration, updateRegistrationDates } from '../registrations/service';
import { chargeKey, enrolmentKey } from './known';
import type { ParsedRow } from './parse';
import type { Outcome, WriteOptions } from './writers';

/**
 * Enrolments, charges and grades written through the same services as a save on screen (server/registrations,
 * server/finance, server/grades): their checks, totals, versions and audit entries are the screens' own. Each row was
 * tied to its student, enrolment, stage and discipline by resolve-school.ts; here it is matched to what is stored so
 * that the same file twice creates nothing, and a filled cell that differs updates the record.
 */

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

/** An enrolment, matched by student and team; a changed enrolment day or old number updates it. */
export async function writeEnrolment(db: Db, row: ParsedRow, options: WriteOptions): Promise<Outcome> {
  const { student_id, team_id, enrolled_on, legacy_number } = row.values.record;
  const known = options.known?.enrolments;
  const key = enrolmentKey(student_id, team_id);
  const number = filled(legacy_number) ? String(legacy_number) : null;
  // The same enrolment twice in one slice: the first is created before the second is matched against it.
  if (options.known?.pendingEnrolments?.has(key)) await flushKnown(db, options.known, options.userId);
  else if (!options.dryRun && options.known?.pendingEnrolments && known && !known.has(key)) {
    options.known.pendingEnrolments.set(key, {
      student_id: Number(student_id),
      team_id: Number(team_id),
      enrolled_on: enrolled_on ?? undefined,
      legacy_number: number,
    });
    return 'created';
  }
  const stored = known
    ? known.get(key)
    : await dynamic(db)
        .selectFrom('registrations')
        .select(['id', 'enrolled_on', 'legacy_number'])
        .where('student_id', '=', Number(student_id))
        .where('team_id', '=', Number(team_id))
        .executeTakeFirst();
  if (!stored) {
    if (options.dryRun) return 'created';
    const created = await createRegistration(
      db,
      { student_id: Number(student_id), team_id: Number(team_id), enrolled_on: enrolled_on ?? undefined },
      options.userId,
    );
    if (number) await setLegacyNumber(db, created.id, null, number, options.userId);
    known?.set(key, { id: created.id, enrolled_on: created.enrolled_on ?? null, legacy_number: number });
    return 'created';
  }
  const newDay = filled(enrolled_on) && enrolled_on !== stored.enrolled_on;
  const newNumber = number !== null && number !== (stored.legacy_number ?? null);
  if (!newDay && !newNumber) return 'unchanged';
  if (options.dryRun) return 'updated';
  if (newDay) await updateRegistrationDates(db, Number(stored.id), { enrolled_on }, options.userId);
  if (newNumber) await setLegacyNumber(db, Number(stored.id), stored.legacy_number ?? null, number, options.userId);
  return 'updated';
}

async function setLegacyNumber(db: Db, id: number, before: string | null, after: string, userId?: number) {
  await dynamic(db).updateTable('registrations').set({ legacy_number: after }).where('id', '=', id).execute();
  await audit(db, {
    userId,
    entity: 'registrations',
    entityId: id,
    action: 'update',
    changes: { legacy_number: [before, after] },
  });
}

/** A charge, matched by enrolment, instalment and due date; a changed value, payment or type updates it. */
export async function writeCharge(db: Db, row: ParsedRow, options: WriteOptions): Promise<Outcome> {
  const v = row.values.record;
  const values: ChargeValues = {
    registration_id: Number(v.registration_id),
    quota: Number(v.quota),
    due_date: String(v.due_date),
    value_cents: Number(v.value_cents),
    ...(v.paid === undefined ? {} : { paid: v.paid ? 1 : 0 }),
    ...(v.paid && filled(v.pay_day) ? { pay_day: String(v.pay_day) } : {}),
    ...(filled(v.payment_type_id) ? { payment_type_id: Number(v.payment_type_id) } : {}),
    ...(filled(v.service_type_id) ? { service_type_id: Number(v.service_type_id) } : {}),
  };
  const known = options.known?.charges;
  const key = chargeKey(values.registration_id, values.quota, values.due_date);
  // The same charge twice in one slice: the first is created before the second is matched against it.
  if (options.known?.pendingCharges?.has(key)) await flushKnown(db, options.known, options.userId);
  const found = known
    ? known.get(key)
    : await dynamic(db)
        .selectFrom('financials')
        .select('id')
        .where('registration_id', '=', values.registration_id!)
        .where('quota', '=', values.quota!)
        .where('due_date', '=', values.due_date!)
        .executeTakeFirst();
  if (!found) {
    if (options.dryRun) return 'created';
    const fresh = {
      ...values,
      registration_id: values.registration_id!,
      value_cents: values.value_cents!,
      quota: values.quota!,
      due_date: values.due_date!,
    };
    if (options.known?.pendingCharges) {
      options.known.pendingCharges.set(key, fresh);
      return 'created';
    }
    const [created] = await createCharges(
      db,
      {
        ...values,
        registration_id: values.registration_id!,
        value_cents: values.value_cents!,
        due_date: values.due_date!,
      },
      1,
      options.userId,
    );
    known?.set(key, created);
    return 'created';
  }
  const stored = known ? known.get(key)! : (await chargeById(db, Number(found.id)))!;
  const changes: ChargeValues = {};
  if (values.value_cents !== stored.value_cents) changes.value_cents = values.value_cents;
  if (values.paid !== undefined && values.paid !== stored.paid) changes.paid = values.paid;
  if (values.pay_day !== undefined && values.pay_day !== stored.pay_day) changes.pay_day = values.pay_day;
  for (const key of ['payment_type_id', 'service_type_id'] as const)
    if (values[key] !== undefined && values[key] !== stored[key]) changes[key] = values[key];
  if (Object.keys(changes).length === 0) return 'unchanged';
  if (!options.dryRun) await updateCharge(db, stored, changes, options.userId);
  return 'updated';
}

/** A grade, matched by student, team, discipline and stage: saved as the grade sheet saves one cell. */
export async function writeGrade(db: Db, row: ParsedRow, options: WriteOptions): Promise<Outcome> {
  const { student_id, team_id, discipline_id, stage_id, tenths, grade } = row.values.record;
  const cell = {
    student_id: Number(student_id),
    team_id: Number(team_id),
    discipline_id: Number(discipline_id),
    stage_id: Number(stage_id),
  };
  const stored = await dynamic(db)
    .selectFrom('grades')
    .select('grade')
    .where('student_id', '=', cell.student_id)
    .where('team_id', '=', cell.team_id)
    .where('discipline_id', '=', cell.discipline_id)
    .where('stage_id', '=', cell.stage_id)
    .executeTakeFirst();
  if (stored && Number(stored.grade) === Number(tenths)) return 'unchanged';
  if (!options.dryRun) await saveGrades(db, { grades: [{ ...cell, grade }] }, options.userId);
  return stored ? 'updated' : 'created';
}
