import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/** The SHA-256 of each issued document's file: the public page tells an exact copy from an altered one. */
export const documentHashes: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('documents').addColumn('sha256', 'varchar(64)').execute();
  },
};
