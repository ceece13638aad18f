import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * Reminders after the due date (issue 27): how many days after it the "cobrança vencida" e-mail goes. 1 keeps
 * issue 26's behaviour (the day after); the reminder before the due date already has its days.
 */
export const reminders: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('school_settings')
      .addColumn('notify_charge_overdue_days', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
};
