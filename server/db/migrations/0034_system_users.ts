import { sql, type Kysely } from 'kysely';
import { PROVIDER_USER_ID } from '../../../resources/users';
import type { AppMigration } from './helpers';

/**
 * System users (issue 34): `users.is_system` marks the users the server itself acts as — today the payment
 * provider's (id 100, made by 0008_payments) — who never sign in nor receive a reset link. Its hash was '!' (no
 * password matches it), but "Esqueceu a senha?" could replace it: whatever such a reset left behind (a password,
 * sessions, links) goes here.
 */
export const systemUsers: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update users set is_system = 1, password_hash = '!' where id = ${PROVIDER_USER_ID}`.execute(db);
    await sql`delete from auth_tokens where user_id in (select id from users where is_system = 1)`.execute(db);
    await sql`delete from password_resets where user_id in (select id from users where is_system = 1)`.execute(db);
  },
};
