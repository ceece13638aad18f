import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords';
import { openDb, type Db } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrator';
import { adminAccessHint, resetAdminPassword } from '../../server/seed/accounts';
import { seedDemoSchool } from '../../server/seed/demo';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

// What the demo seed and the configuration used to write in the source.
const OLD_SOURCE_PASSWORDS = [
  { email: 'joana@demo.invalid', password: 'secretaria-joana' },
  { email: 'carlos@demo.invalid', password: 'coordenacao-carlos' },
  { email: 'admin@demo.invalid', password: 'secretaria123' },
];

describeOnDatabases('demo accounts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server?.close());

  it('creates the demo staff, none of whom signs in with a password found in the source', async () => {
    // User 100 is the payment provider's (no password can match it); these are the people.
    const users = await server.db.kysely
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '<>', 100)
      .orderBy('id')
      .execute();
    expect(users.map((u) => u.email)).toEqual([ADMIN.email, 'joana@demo.invalid', 'carlos@demo.invalid']);
    for (const old of OLD_SOURCE_PASSWORDS) {
      const answer = await server.request('POST', '/api/auth/login', { body: old });
      expect(answer.status, old.email).toBe(401);
    }
  });

  it('lets an administrator give a demo user a password, which then works', async () => {
    const token = await server.login();
    const joana = (await server.request('GET', '/api/users?search=joana', { token })).body.data[0];
    const saved = await server.request('PUT', `/api/users/${joana.id}`, {
      token,
      body: { name: joana.name, email: joana.email, password: 'senha-da-joana-1' },
    });
    expect(saved.status).toBe(200);
    expect(await server.login('joana@demo.invalid', 'senha-da-joana-1')).toBeTruthy();
  });
});

describe('the first administrator', () => {
  const dirs: string[] = [];
  const dbs: Db[] = [];
  const freshDb = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-accounts-'));
    dirs.push(dir);
    const db = openDb({ dataDir: dir });
    dbs.push(db);
    await migrateToLatest(db);
    return db;
  };
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets a random password of its own without ADMIN_PASSWORD, once', async () => {
    const [a, b] = [await freshDb(), await freshDb()];
    const first = await seedDemoSchool(a, { adminEmail: 'admin@demo.invalid', withStudents: false });
    const other = await seedDemoSchool(b, { adminEmail: 'admin@demo.invalid', withStudents: false, demo: false });
    expect(first).toMatchObject({ created: true, demo: true });
    expect(other).toMatchObject({ created: true, demo: false });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){3}$/);
    expect(other.generatedPassword).not.toBe(first.generatedPassword);
    const admin = await a.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'admin@demo.invalid')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(first.generatedPassword!, admin.password_hash)).toBe(true);
    expect(await verifyPassword('secretaria123', admin.password_hash)).toBe(false);
    // SEED_DEMO=false still gives an account to sign in with, and no demo data.
    expect(await b.kysely.selectFrom('users').select('email').where('id', '<>', 100).execute()).toEqual([
      { email: 'admin@demo.invalid' },
    ]);
    expect(await b.kysely.selectFrom('teachings').select('id').execute()).toEqual([]);
    // A later start creates nothing and shows no password.
    expect(await seedDemoSchool(a, { adminEmail: 'admin@demo.invalid' })).toEqual({ created: false, demo: false });
  });

  it('uses ADMIN_PASSWORD when set, and --nova-senha-admin replaces a lost password and ends its sessions', async () => {
    const db = await freshDb();
    expect(
      await seedDemoSchool(db, { adminEmail: 'dir@escola.com', adminPassword: 'definida-123', demo: false }),
    ).toEqual({ created: true, demo: false, generatedPassword: undefined });
    expect(await adminAccessHint(db, 'dir@escola.com', 'definida-123')).toBe(
      'Acesso do administrador: dir@escola.com (senha de ADMIN_PASSWORD)',
    );
    expect(await adminAccessHint(db, 'dir@escola.com', undefined)).toContain(
      'esqueceu? para definir uma nova, rode uma vez `npm start -- --nova-senha-admin`',
    );
    const director = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dir@escola.com')
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('auth_tokens')
      .values({
        user_id: Number(director.id),
        token_hash: 'x'.repeat(64),
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();

    const generated = await resetAdminPassword(db, 'dir@escola.com', undefined);
    const admin = await db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'dir@escola.com')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(generated!, admin.password_hash)).toBe(true);
    expect(await verifyPassword('definida-123', admin.password_hash)).toBe(false);
    expect(await db.kysely.selectFrom('auth_tokens').select('id').execute()).toEqual([]);

    // A missing ADMIN_EMAIL account is created by the same command.
    expect(await adminAccessHint(db, 'outro@escola.com', undefined)).toMatch(
      /^Não há conta com ADMIN_EMAIL \(outro@escola\.com\)/,
    );
    expect(await resetAdminPassword(db, 'outro@escola.com', 'escolhida-456')).toBeUndefined();
    expect(await adminAccessHint(db, 'outro@escola.com', 'escolhida-456')).toBe(
      'Acesso do administrador: outro@escola.com (senha de ADMIN_PASSWORD)',
    );
  });
});
