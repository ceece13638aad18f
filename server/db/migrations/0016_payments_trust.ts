import { sql, type Kysely } from 'kysely';
import { foldText } from '../../../resources/text';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * The payment types whose ids the contract fixes (1 and 2 give a pay link, 4 is boleto), on every install:
 * before this, only the demo had them and whatever an office created first became 1. An id or a name
 * already taken is left as the office made it (never renamed or moved).
 */
export const FIXED_PAYMENT_TYPES: [number, string][] = [
  [1, 'Cartão de crédito'],
  [2, 'Cartão de débito'],
  [3, 'Dinheiro'],
  [4, 'Boleto'],
];

/**
 * Payments a school can trust: the fixed payment types; each link this server made for a charge and the
 * amount it asked (a notification is checked against it); a charge's 'pagamento divergente' (a payment
 * that did not match, kept for a person to decide); who pressed a simulated payment's button.
 */
export const paymentsTrust: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const now = new Date().toISOString();
    for (const [id, name] of FIXED_PAYMENT_TYPES) {
      const taken = await sql<{ id: number }>`select id from payment_types where id = ${id} or name = ${name}`.execute(
        db,
      );
      if (taken.rows.length > 0) continue;
      await sql`insert into payment_types (id, name, search_text, created_at, updated_at) values (${id}, ${name}, ${foldText(name)}, ${now}, ${now})`.execute(
        db,
      );
    }
    if (ctx.dialect === 'postgres') {
      // An explicit id does not move the serial: the office's next type must not collide with 1 to 4.
      await sql`select setval(pg_get_serial_sequence('payment_types', 'id'), greatest((select max(id) from payment_types), 4))`.execute(
        db,
      );
    }

    await withId(db.schema.createTable('payment_links'), ctx)
      .addColumn('financial_id', 'integer', (c) => c.notNull().references('financials.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      // 'payment' (boleto, PIX: the provider's payment id) or 'preference' (card checkout: its id).
      .addColumn('kind', 'varchar(12)', (c) => c.notNull())
      .addColumn('external_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .addUniqueConstraint('payment_links_unique', ['financial_id', 'kind', 'external_id'])
      .execute();
    await db.schema.alterTable('financials').addColumn('payment_divergence', 'text').execute();
    await db.schema.alterTable('sandbox_payments').addColumn('approved_by', 'integer').execute();
  },
};
