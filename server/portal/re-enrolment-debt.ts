import type { Db } from '../db/connection';

/**
 * STAND-IN for i39-campaign's `debtOf(db, studentId)` (server/enrolment/debt.ts) and its school setting (Lei
 * 9.870/99, art. 5: re-enrolment may be refused for debt, off by default). Until that branch is merged the rule is
 * off: no debt is ever answered. The lead replaces the body with a call to `debtOf` behind the setting.
 */
export async function reEnrolmentDebtOf(
  _db: Db,
  _studentId: number,
): Promise<{ total_cents: number; charge_ids: number[] } | null> {
  return null;
}
