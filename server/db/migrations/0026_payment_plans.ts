import type { Kysely } from 'kysely';
import { withId, withSearchText, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Payment plans (issue 27): an annual plan (12 × R$ 1.250,00, due on the 10th from February) applied to an
 * enrolment as its charges. Each charge a plan created names the plan and its instalment number; the unique
 * index on (registration, plan, instalment) is what refuses a plan applied twice to one enrolment, two
 * requests racing included (the service's own check answers the usual case first).
 */
export const paymentPlans: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withSearchText(
      withTimestamps(
        withId(db.schema.createTable('payment_plans'), ctx)
          .addColumn('name', 'varchar(150)', (c) => c.notNull())
          .addColumn('service_type_id', 'integer', (c) =>
            c.notNull().references('service_types.id').onDelete('restrict'),
          )
          .addColumn('payment_type_id', 'integer', (c) =>
            c.notNull().references('payment_types.id').onDelete('restrict'),
          )
          .addColumn('instalments', 'integer', (c) => c.notNull())
          // Centavos, as financials.value_cents: R$ 1.250,00 is 125000.
          .addColumn('value_cents', 'bigint', (c) => c.notNull())
          .addColumn('due_day', 'integer', (c) => c.notNull())
          // 'YYYY-MM': the month of the first instalment.
          .addColumn('first_month', 'varchar(7)', (c) => c.notNull()),
        ctx,
      ),
    ).execute();
    // Restrict: a plan whose charges exist is not deleted (the API says so with a 409 first).
    await db.schema
      .alterTable('financials')
      .addColumn('payment_plan_id', 'integer', (c) => c.references('payment_plans.id').onDelete('restrict'))
      .execute();
    await db.schema.alterTable('financials').addColumn('plan_instalment', 'integer').execute();
    // NULLs are distinct in both databases: charges outside a plan are not constrained.
    await db.schema
      .createIndex('financials_plan_unique')
      .on('financials')
      .columns(['registration_id', 'payment_plan_id', 'plan_instalment'])
      .unique()
      .execute();
  },
};
