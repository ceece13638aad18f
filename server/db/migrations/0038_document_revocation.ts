import type { Kysely } from 'kysely';
import { timestampType, type AppMigration, type MigrationContext } from './helpers';

/**
 * Issued documents are revoked, not erased (issue 35): a paper already handed out must be told revoked on the
 * public page, not "not found" as if it had been forged. `revoked_at` set: the code no longer vouches for the
 * document; the row and its file stay for the school's records.
 */
export const documentRevocation: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    await db.schema.alterTable('documents').addColumn('revoked_at', timestampType(ctx)).execute();
  },
};
