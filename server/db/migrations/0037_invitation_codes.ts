import type { Kysely } from 'kysely';
import type { AppMigration } from './helpers';

/**
 * The invitation handed over in person (issue 35): a printed letter carries, besides the link's QR code, a short
 * one-time code the family types at /portal/ativar. Stored beside the link it belongs to, as a slow hash (the
 * password hashes' Argon2id: a short code must not be found from a copy of the database by trying them all): taking
 * either the link or the code uses the invitation up, and both run out with it.
 */
export const invitationCodes: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('portal_links').addColumn('code_hash', 'varchar(255)').execute();
  },
};
