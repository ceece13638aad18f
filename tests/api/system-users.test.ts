import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_USER_ID } from '../../resources/users';
import { hashPassword } from '../../server/auth/passwords';
import { TokenStore } from '../../server/auth/tokens';
import { dynamic } from '../../server/db/connection';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

const PROVIDER_EMAIL = 'mercadopago@sistema.invalid';
const FAILED = 'E-mail ou senha não correspondem.';
const RESET_INVALID = 'Este link de redefinição é inválido ou expirou. Peça um novo em "Esqueceu a senha?".';
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** The payment provider's user (id 100) records payments; it never signs in nor receives a reset (issue 34). */
describeOnDatabases('system users', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server?.close());

  const k = () => dynamic(server.db);

  it('sends the provider no reset link, answering as for anyone', async () => {
    // Tests run shuffled on this server: another one may have planted a link of the provider's already.
    const linksOfProvider = () =>
      k().selectFrom('password_resets').select('id').where('user_id', '=', PROVIDER_USER_ID).execute();
    const before = await linksOfProvider();
    const asked = await server.request('POST', '/api/forgot-password', { body: { email: PROVIDER_EMAIL } });
    const person = await server.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } });
    expect(asked).toEqual(person);
    expect(asked.status).toBe(200);
    // The person's link is written (the background send); the provider's never is.
    const recipients = async () =>
      (await k().selectFrom('outbox').select('to_address').execute()).map((r) => r.to_address as string);
    await expect.poll(recipients, { timeout: 10_000 }).toContain(ADMIN.email);
    expect(await recipients()).not.toContain(PROVIDER_EMAIL);
    expect(await linksOfProvider()).toEqual(before);
  });

  it('refuses a reset link of the provider made before, as any invalid link', async () => {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    // Tests run shuffled: another test may have given the provider a hash already, so compare with what was there.
    const hashOf = () => k().selectFrom('users').select('password_hash').where('id', '=', PROVIDER_USER_ID).execute();
    const before = await hashOf();
    await k()
      .insertInto('password_resets')
      .values({
        user_id: PROVIDER_USER_ID,
        token_hash: sha256(token),
        expires_at: new Date(now + 3600_000).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const reset = await server.request('POST', '/api/reset-password', {
      body: { token, password: 'senha-do-invasor-1', password_confirmation: 'senha-do-invasor-1' },
    });
    expect(reset).toEqual({ status: 422, body: { message: RESET_INVALID, errors: { token: [RESET_INVALID] } } });
    expect(await hashOf()).toEqual(before);
  });

  it('never signs the provider in, even with the password a reset once gave it, nor honours its sessions', async () => {
    await k()
      .updateTable('users')
      .set({ password_hash: await hashPassword('senha-do-invasor-1') })
      .where('id', '=', PROVIDER_USER_ID)
      .execute();
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: PROVIDER_EMAIL, password: 'senha-do-invasor-1' },
    });
    const unknown = await server.request('POST', '/api/auth/login', {
      body: { email: 'ninguem@sistema.invalid', password: 'senha-do-invasor-1' },
    });
    expect(login).toEqual({ status: 401, body: { message: FAILED, error: FAILED } });
    expect(login).toEqual(unknown);
    // A session made for it before (a sign-in of the old days) opens nothing.
    const token = await new TokenStore(server.db, 1).issue(PROVIDER_USER_ID);
    expect((await server.request('POST', '/api/auth/me', { token })).status).toBe(401);
  });
});
