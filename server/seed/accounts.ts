import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/connection';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any> | Kysely<any>;

// No 0/O, 1/l/I: the password is read off a terminal and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 random characters (~115 bits) in groups of five, e.g. `k7Hq2-Wm9xP-…`. */
export function randomPassword(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}

/** The id of a role by its fixed key (migration 0020_roles creates the built-in ones). */
export async function roleIdOf(trx: Trx, key: string): Promise<number> {
  const row = await trx.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The first administrator, with ADMIN_PASSWORD or, without it, a random password that is answered
 * once so the start-up banner can show it. No password of any account is written in the source.
 */
export async function createAdmin(
  trx: Trx,
  email: string,
  password: string | undefined,
  now: string,
): Promise<string | undefined> {
  const generated = password ? undefined : randomPassword();
  await trx
    .insertInto('users')
    .values({
      name: 'Administrador',
      email,
      password_hash: await hashPassword(password ?? generated!),
      role_id: await roleIdOf(trx, 'administracao'),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return generated;
}

/**
 * Demo staff, to show the Users screen with more than one row. Their passwords are random and never
 * shown: an administrator sets one in Usuários before they sign in. Their addresses end in `.invalid`
 * (RFC 2606), so no demo mail can reach a real mailbox.
 */
export async function createDemoStaff(trx: Trx, now: string): Promise<void> {
  const staff = [
    { name: 'Joana Secretária', email: 'joana@demo.invalid', role: 'secretaria' },
    { name: 'Carlos Coordenador', email: 'carlos@demo.invalid', role: 'direcao' },
  ];
  for (const { role, ...person } of staff) {
    const values = { ...person, role_id: await roleIdOf(trx, role), created_at: now, updated_at: now };
    await trx
      .insertInto('users')
      .values({ ...values, password_hash: await hashPassword(randomPassword()) })
      .execute();
  }
}

/**
 * `--nova-senha-admin`: gives the ADMIN_EMAIL account ADMIN_PASSWORD (or a new random password) and the
 * `administracao` role (the way back in for a school that locked itself out), creating it if it is missing,
 * ends its sessions and clears its failed sign-ins. Answers the password when it was generated.
 */
export async function resetAdminPassword(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<string | undefined> {
  const generated = password ? undefined : randomPassword();
  const hash = await hashPassword(password ?? generated!);
  const now = new Date().toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    const role_id = await roleIdOf(trx, 'administracao');
    const user = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (user) {
      await trx
        .updateTable('users')
        .set({ password_hash: hash, role_id, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      await trx.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
    } else {
      await trx
        .insertInto('users')
        .values({ name: 'Administrador', email, password_hash: hash, role_id, created_at: now, updated_at: now })
        .execute();
    }
    await trx.deleteFrom('login_failures').where('subject', '=', `email:${email}`).execute();
  });
  return generated;
}

/** How the banner tells the operator to sign in, on a start that did not create the account. */
export async function adminAccessHint(db: Db, email: string, password: string | undefined): Promise<string> {
  const reset =
    'para definir uma nova, rode uma vez `npm start -- --nova-senha-admin` (ou `node dist/server/main.mjs --nova-senha-admin`)';
  const user = await db.kysely
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) return `Não há conta com ADMIN_EMAIL (${email}): ${reset}.`;
  if (password && (await verifyPassword(password, user.password_hash)))
    return `Acesso do administrador: ${email} (senha de ADMIN_PASSWORD)`;
  return `Acesso do administrador: ${email} (senha mostrada no primeiro início ou trocada depois; esqueceu? ${reset})`;
}
