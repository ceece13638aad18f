import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * Issue 34: a charge's version and the flag of a payment the provider took back.
 * - `version`: raised by every write to the charge; a client that sends the version it read gets 409 when someone
 *   else wrote in between (two clerks marking one charge paid with different values both got 200).
 * - `payment_reversal`: a settled payment later refunded, charged back or cancelled at the provider (JSON: payment
 *   id, status, amount, when): the charge is reopened and stays flagged for the finance clerk until paid again.
 */
export const chargeVersions: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('financials')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('financials').addColumn('payment_reversal', 'text').execute();
  },
};
