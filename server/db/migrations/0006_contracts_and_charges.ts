import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * Contracts per enrolment (the stored PDF and the school's chosen template) and the financial charges
 * table. Charges arrive here, before their screens, because the student list's "Possui financeiro?"
 * column and the refusal to delete a charged enrolment already depend on them.
 */
export const contractsAndCharges: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema
      .alterTable('school_settings')
      .addColumn('contract_text_document_id', 'integer', (c) => c.references('text_documents.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('registrations').addColumn('contract_key', 'varchar(80)').execute();
    await db.schema.alterTable('registrations').addColumn('contract_updated_at', timestampType(ctx)).execute();

    await withTimestamps(
      withId(db.schema.createTable('financials'), ctx)
        .addColumn('registration_id', 'integer', (c) => c.notNull().references('registrations.id').onDelete('restrict'))
        // Centavos: R$ 1.234,56 is 123456, never a float.
        .addColumn('value_cents', 'bigint', (c) => c.notNull())
        .addColumn('quota', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('pay_day', 'varchar(10)')
        .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('service_type_id', 'integer', (c) => c.references('service_types.id').onDelete('restrict'))
        .addColumn('payment_type_id', 'integer', (c) => c.references('payment_types.id').onDelete('restrict'))
        .addColumn('observations', 'text')
        .addColumn('financial_observation', 'text')
        .addColumn('gateway_response', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('paid_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ctx,
    ).execute();
    await db.schema.createIndex('financials_registration_idx').on('financials').column('registration_id').execute();
    await db.schema.createIndex('financials_due_date_idx').on('financials').column('due_date').execute();
  },
};
