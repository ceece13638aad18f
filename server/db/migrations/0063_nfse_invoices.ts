import type { Kysely } from 'kysely';
import { timestampType, withId, withTimestamps, type AppMigration, type MigrationContext } from './helpers';

/**
 * The service invoices (NFS-e, issue 41): one per paid charge. `live_financial_id` is the charge's id on the invoice
 * that stands for it now, null on one replaced (a substitute, or a new one after a cancelled payment was paid again):
 * unique, so two settlements of one payment at once make one row. The DPS series and number are the idempotency key
 * sent to the national service: unique, allocated once when the row is made and never given to another charge.
 */
export const nfseInvoices: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const at = timestampType(ctx);
    await withTimestamps(
      withId(db.schema.createTable('nfse_invoices'), ctx)
        .addColumn('financial_id', 'integer', (c) => c.notNull().references('financials.id').onDelete('restrict'))
        .addColumn('live_financial_id', 'integer', (c) => c.unique())
        .addColumn('replaces_id', 'integer', (c) => c.references('nfse_invoices.id').onDelete('set null'))
        // pendente | emitida | rejeitada | cancelada
        .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('pendente'))
        .addColumn('dps_series', 'varchar(5)', (c) => c.notNull())
        .addColumn('dps_number', 'integer', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('competence', 'varchar(10)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('number', 'varchar(20)')
        .addColumn('access_key', 'varchar(60)')
        .addColumn('issued_at', at)
        // [{code, message}] of the last refusal (the service's, or the office's missing data).
        .addColumn('errors', 'text')
        // The NFS-e XML the service answered.
        .addColumn('xml', 'text')
        .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
        .addColumn('simulated', 'integer', (c) => c.notNull().defaultTo(0))
        // How many times it was sent for issuing (each its own job: `nfse.issue:<id>:<n>`).
        .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(1))
        // The payment was undone: the clerk is asked to cancel it (set then, cleared by the cancellation).
        .addColumn('cancel_suggested_at', at)
        .addColumn('cancelled_at', at)
        .addColumn('cancel_reason', 'varchar(255)')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
      ctx,
    ).execute();
    await db.schema
      .createIndex('nfse_invoices_dps')
      .unique()
      .on('nfse_invoices')
      .columns(['dps_series', 'dps_number'])
      .execute();
    await db.schema.createIndex('nfse_invoices_financial').on('nfse_invoices').column('financial_id').execute();
    await db.schema.createIndex('nfse_invoices_status').on('nfse_invoices').columns(['status', 'id']).execute();
    // The last DPS number of each series: one UPDATE … RETURNING per invoice, which PostgreSQL's row lock (and
    // SQLite's single writer) serialises, so two settlements at once never draw the same number nor fail on it.
    await db.schema
      .createTable('nfse_dps_numbers')
      .addColumn('series', 'varchar(5)', (c) => c.primaryKey())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();
  },
};
