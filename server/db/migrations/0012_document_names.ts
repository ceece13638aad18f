import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The name a person sees and saves an issued document under (`000012_52998224725_CERTIFICATE.pdf`).
 * The stored file keeps the key the server made: a name never becomes a path.
 */
export const documentNames: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('documents').addColumn('document_name', 'varchar(190)').execute();
  },
};
