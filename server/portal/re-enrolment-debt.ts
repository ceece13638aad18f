import type { Db } from '../db/connection';
import { debtOf } from '../enrolment/debt';
import { loadSettings } from '../school/routes';

/**
 * The debt that holds a re-enrolment back (Lei 9.870/99, art. 5º): only when the school's setting "Recusar rematrícula
 * com débito em aberto" is on (off by default), the overdue charges of the student (server/enrolment/debt.ts) priced
 * today. Null when nothing holds it back.
 */
export async function reEnrolmentDebtOf(
  db: Db,
  studentId: number,
): Promise<{ total_cents: number; charge_ids: number[] } | null> {
  if (!(await loadSettings(db)).refuse_debtors) return null;
  const debt = await debtOf(db, studentId);
  return debt.cents > 0 ? { total_cents: debt.cents, charge_ids: debt.charges.map((c) => c.id) } : null;
}
