import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The enrolment's number in the school's previous system (issue 37, the spreadsheet import of enrolments): kept as
 * typed, so the office finds an old contract or receipt by the number printed on it. Optional; text, since old
 * systems number with letters and zeros ("2019/0042").
 */
export const registrationLegacyNumber: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('registrations').addColumn('legacy_number', 'varchar(40)').execute();
  },
};
