import { sql, type Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/** The payment provider's user: charges it pays are recorded as paid by id 100 (the contract's code). */
export const PROVIDER_USER_ID = 100;

/**
 * Payments: the provider's system user (id 100, who can never sign in), the attempt number of a charge's
 * payment link (its idempotency key), and the offline sandbox's payments.
 */
export const payments: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const now = new Date().toISOString();
    // '!' is no scrypt hash: no password ever matches it.
    await sql`insert into users (id, name, email, password_hash, search_text, created_at, updated_at)
      values (${PROVIDER_USER_ID}, 'Mercado Pago', 'mercadopago@sistema.invalid', '!', 'mercado pago', ${now}, ${now})`.execute(
      db,
    );
    if (ctx.dialect === 'postgres') {
      // An explicit id does not move the serial: without this, the 100th user would collide with it.
      await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(db);
    }
    await db.schema
      .alterTable('financials')
      .addColumn('gateway_attempt', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('sandbox_payments'), ctx)
      .addColumn('financial_id', 'integer', (c) => c.notNull().references('financials.id').onDelete('cascade'))
      // The payer's page is found by this random key, never by the sequential id: nobody can walk the ids.
      .addColumn('public_key', 'varchar(40)', (c) => c.notNull().unique())
      .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('method', 'varchar(10)', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('description', 'varchar(255)', (c) => c.notNull())
      .addColumn('expires_on', 'varchar(10)')
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .addColumn('approved_at', timestampType(ctx))
      .execute();
  },
};
