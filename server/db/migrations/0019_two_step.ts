import type { Kysely } from 'kysely';
import { timestampType, withId, type AppMigration, type MigrationContext } from './helpers';

/**
 * Two-step sign-in (issue 24): each user's authenticator secret, its one-use recovery codes, the short-lived
 * challenges between the password and the code, and the school's setting that requires it.
 *
 * The secret is stored as the authenticator app holds it (base32): the project has no key for secrets at
 * rest, and a hash would not do (the server must compute the code). Whoever reads the database could compute
 * codes, but still needs the password, which is stored hashed.
 */
export const twoStep: AppMigration = {
  async up(db: Kysely<unknown>, ctx: MigrationContext) {
    const ts = timestampType(ctx);
    await db.schema
      .createTable('two_step')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret', 'varchar(64)', (c) => c.notNull())
      // Null while the enrolment waits for its first code: nothing is asked at sign-in until then.
      .addColumn('enabled_at', ts)
      // The last accepted TOTP time-step (Unix time / 30 s): a code of that step or before is a replay.
      .addColumn('last_step', 'integer')
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('two_step_recovery_codes'), ctx)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', ts)
      .addColumn('created_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('two_step_recovery_codes_user_idx')
      .on('two_step_recovery_codes')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('two_step_challenges')
      .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // 'login': the password was right, the code is due; 'setup': the school requires it and it is not set up.
      .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('two_step_challenges_expires_idx')
      .on('two_step_challenges')
      .column('expires_at')
      .execute();
    // 1: Administração and Financeiro must sign in with the second step.
    await db.schema
      .alterTable('school_settings')
      .addColumn('require_two_step', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
