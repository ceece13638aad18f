import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * A course's own national service code for its invoices (issue 41: item 8.01 "ensino regular" or 8.02 "instrução,
 * treinamento" of the LC 116 list, six digits as the DPS's cTribNac writes them). Empty: the school's code.
 */
export const courseServiceCode: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('courses').addColumn('service_code', 'varchar(6)').execute();
  },
};
