import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * Leaving the school (issue 38): one row per enrolment that ended by a transfer, an abandonment, a death or a
 * completion, with the day, where the student went (transfers), the reason or note, who recorded it and when, and the
 * documents issued with it. One movement per enrolment (unique), so two clicks or two instances record it once.
 * `kind`: transferencia | abandono | falecimento | conclusao.
 */
export const registrationMovements: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await withId(db.schema.createTable('registration_movements'), ctx)
      .addColumn('registration_id', 'integer', (c) => c.notNull().references('registrations.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('destination_school', 'varchar(190)')
      .addColumn('destination_city', 'varchar(120)')
      .addColumn('note', 'text')
      .addColumn('declaration_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
      .addColumn('history_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', timestampType(ctx), (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('registration_movements_registration')
      .on('registration_movements')
      .column('registration_id')
      .unique()
      .execute();
    // The movement report reads a period.
    await db.schema.createIndex('registration_movements_date').on('registration_movements').column('date').execute();
  },
};
