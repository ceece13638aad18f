import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * Electronic signatures (issue 39, Lei 14.063/2020 art. 4º), their evidence kept for as long as the document:
 * - `signature_codes`: each one-time code e-mailed to a signer for one subject (`purpose` + `subject_id`). Only the
 *   code's SHA-256 is kept (with the row id as salt), never the code; `outbox_id` is the message that carried it,
 *   `sent_to` the address as shown. A new code voids the earlier ones (`used_at`); `attempts` counts wrong tries.
 * - `signatures`: who (kind/id/name/CPF), when (server time), from where (IP, user agent), the SHA-256 of the PDF
 *   read and of the signed PDF, the code that signed it and the document code the public page verifies. A new
 *   version is a new row pointing at the one it `supersedes`; rows are never deleted, and only `revoked_at`,
 *   `revoke_reason`, `revoked_by` and `expires_at` ever change.
 */
export const signatures: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const at = timestampType(ctx);
    await withId(db.schema.createTable('signature_codes'), ctx)
      .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('signer_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('signer_id', 'integer', (c) => c.notNull())
      .addColumn('code_hash', 'varchar(100)', (c) => c.notNull())
      .addColumn('sent_to', 'varchar(190)', (c) => c.notNull())
      .addColumn('outbox_id', 'integer')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', at, (c) => c.notNull())
      .addColumn('expires_at', at, (c) => c.notNull())
      .addColumn('used_at', at)
      .execute();
    await db.schema
      .createIndex('signature_codes_subject')
      .on('signature_codes')
      .columns(['purpose', 'subject_id', 'signer_kind', 'signer_id'])
      .execute();

    await withId(db.schema.createTable('signatures'), ctx)
      .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('signer_kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('signer_id', 'integer', (c) => c.notNull())
      .addColumn('signer_name', 'varchar(190)', (c) => c.notNull())
      .addColumn('signer_cpf', 'varchar(11)')
      .addColumn('signed_at', at, (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
      .addColumn('read_sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('signed_sha256', 'varchar(64)', (c) => c.notNull())
      // One code signs once: two parallel calls with the same code meet this constraint.
      .addColumn('code_id', 'integer', (c) => c.notNull().unique().references('signature_codes.id'))
      .addColumn('sent_to', 'varchar(190)', (c) => c.notNull())
      .addColumn('document_code', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('document_id', 'integer', (c) => c.references('documents.id'))
      .addColumn('student_id', 'integer', (c) => c.references('students.id'))
      .addColumn('file_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'varchar(190)', (c) => c.notNull())
      .addColumn('supersedes_id', 'integer', (c) => c.references('signatures.id'))
      .addColumn('expires_at', at)
      .addColumn('revoked_at', at)
      .addColumn('revoke_reason', 'text')
      .addColumn('revoked_by', 'integer')
      .execute();
    await db.schema.createIndex('signatures_subject').on('signatures').columns(['purpose', 'subject_id']).execute();
    await db.schema.createIndex('signatures_document').on('signatures').column('document_id').execute();
  },
};
