import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * Issue 35: a charge the family paid on the portal showed "Pago por: Usuário removido" (no staff user paid it). Who
 * paid through the portal is now recorded:
 * - `financials.paid_via`: 'portal' when the payment came through the family portal (its payment link was made there,
 *   or, in the simulation, the family pressed "Pagar"); null otherwise;
 * - `financials.paid_portal_account_id`: that portal account (no foreign key: an account removed later still leaves
 *   "Portal das famílias" on the charge);
 * - `payment_links.portal_account_id`: the portal account that made the link (null: the office made it);
 * - `sandbox_payments.approved_by_portal`: the portal account that pressed the simulation's "Pagar".
 * Charges the simulation settled before, approved by nobody on the staff, were the portal's: marked so.
 */
export const portalPayer: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('financials').addColumn('paid_via', 'varchar(16)').execute();
    await db.schema.alterTable('financials').addColumn('paid_portal_account_id', 'integer').execute();
    await db.schema.alterTable('payment_links').addColumn('portal_account_id', 'integer').execute();
    await db.schema.alterTable('sandbox_payments').addColumn('approved_by_portal', 'integer').execute();
    await sql`update financials set paid_via = 'portal' where paid <> 0 and paid_by is null and exists (
      select 1 from sandbox_payments sp where sp.financial_id = financials.id and sp.status = 'approved'
      and sp.approved_by is null)`.execute(db);
  },
};
