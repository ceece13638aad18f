import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * An enrolment's INEP code (issue 40d): "Código da matrícula do aluno(a) - Inep", which INEP's return file brings in
 * each record 60 (field 7) and stage 2 writes in record 90 (field 7). Not a form field: only the return file writes
 * it (server/census/return-file.ts). Nullable: an enrolment INEP has not answered yet has none.
 */
export const registrationInepCode: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('registrations').addColumn('inep_code', 'varchar(12)').execute();
  },
};
