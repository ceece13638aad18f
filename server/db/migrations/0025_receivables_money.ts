import type { Kysely } from 'kysely';
import { withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The money rules of issue 27 (server/finance/amount-due.ts): the school's late fine, monthly interest and
 * punctuality discount; a scholarship per enrolment; and, on a settled charge, what was paid of each part.
 * Percents are basis points (200 = 2,00 %) and amounts centavos, so every figure stays an exact integer.
 */
export const receivablesMoney: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .alterTable('school_settings')
      .addColumn('late_fine_bp', 'integer', (c) => c.notNull().defaultTo(200))
      .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('interest_month_bp', 'integer', (c) => c.notNull().defaultTo(100))
      .execute();
    // Null: no punctuality discount (off until the school turns it on); else 'percent' or 'amount'.
    await db.schema.alterTable('school_settings').addColumn('punctuality_kind', 'varchar(10)').execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('punctuality_value', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('school_settings')
      .addColumn('punctuality_days', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withTimestamps(
      withId(db.schema.createTable('scholarships'), ctx)
        // One per enrolment: the unique key keeps two concurrent saves from making two.
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().unique().references('registrations.id').onDelete('cascade'),
        )
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        // Basis points for 'percent' (10000 = 100 %), centavos for 'amount'.
        .addColumn('value', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)')
        .addColumn('valid_from', 'varchar(10)')
        .addColumn('valid_until', 'varchar(10)'),
      ctx,
    ).execute();

    // What a settled charge was paid of each part (null: settled before issue 27, or not paid).
    for (const column of [
      'paid_principal_cents',
      'paid_discount_cents',
      'paid_fine_cents',
      'paid_interest_cents',
      'paid_total_cents',
    ])
      await db.schema.alterTable('financials').addColumn(column, 'bigint').execute();
    // The parts a payment link asked (JSON {principal, discount, fine, interest, total}): what its payment pays.
    await db.schema.alterTable('payment_links').addColumn('parts', 'text').execute();
  },
};
