import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { amountsDueOn } from '../finance/amount-due-of';

export interface Debt {
  /** What the overdue charges ask today, fine, interest and scholarship applied, in centavos. */
  cents: number;
  /** Each overdue charge, `value_cents` being what it asks today (not its face value). */
  charges: { id: number; due_date: string; value_cents: number }[];
}

/**
 * A student's debt for the re-enrolment rule of Lei 9.870/99, art. 5º (school setting `refuse_debtors`): the unpaid
 * charges of any of their enrolments whose due date has passed, priced by the app's amount-due rules
 * (finance/amount-due-of.ts) on `today`. The portal shows it to the family and refuses signing while it is not zero.
 */
export async function debtOf(db: Db, studentId: number, today = schoolDayOf()): Promise<Debt> {
  const rows = await dynamic(db)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .select(['f.id', 'f.registration_id', 'f.value_cents', 'f.due_date'])
    .where('r.student_id', '=', studentId)
    .where('f.paid', '=', 0)
    .where('f.due_date', '<', today)
    .orderBy('f.due_date')
    .orderBy('f.id')
    .execute();
  if (!rows.length) return { cents: 0, charges: [] };
  const price = await amountsDueOn(db, today, [...new Set(rows.map((r) => Number(r.registration_id)))]);
  const charges = rows.map((r) => ({
    id: Number(r.id),
    due_date: String(r.due_date),
    value_cents: price({
      registration_id: Number(r.registration_id),
      value_cents: Number(r.value_cents),
      due_date: String(r.due_date),
    }).total,
  }));
  return { cents: charges.reduce((sum, c) => sum + c.value_cents, 0), charges };
}
