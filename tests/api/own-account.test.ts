import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { LoginLimits } from '../../server/auth/login-limits';
import { describeOnDatabases, rawRequest, ROLE_IDS, startServer, type TestServer } from './support/server';

const LIMITS: LoginLimits = { perIp: 1000, captchaAfter: 5, windowMinutes: 60 };
const TOO_MANY = 'Muitas tentativas com a senha atual errada. Para tentar outra vez, saia e entre de novo no sistema.';
const BUSY = 'Muitas tentativas ao mesmo tempo. Aguarde um instante e tente novamente.';

/** Minha conta (issue 34): whoever signs in changes their own name and password, however limited their role. */
describeOnDatabases('Minha conta: one’s own name and password', (dialect) => {
  let server: TestServer;
  let second: FastifyInstance;
  let secondUrl: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect, { trustProxy: 1, loginLimits: LIMITS });
    // Another instance on the same database, as behind a load balancer.
    second = await buildApp({
      db: server.db,
      tokenTtlHours: 1,
      loginLimits: LIMITS,
      trustProxy: 1,
      captcha: { cost: 1, counterMin: 1, counterMax: 20, ttlSeconds: 600 },
    });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    admin = await server.session();
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  // Each test from addresses of its own: the per-address counters stay out of the way.
  let ip = 1;
  const nextIp = () => `192.0.2.${ip++}`;
  const as = (token: string, method: string, path: string, body?: unknown, base = server.url) =>
    rawRequest(base, method, path, { token, body, headers: { 'x-forwarded-for': nextIp() } });

  /** A new user of the role, and a session of theirs. */
  async function person(role_id: number, name: string, password = 'senha-de-antes-1') {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@escolamodelo.edu.br`;
    const created = await server.request('POST', '/api/users', {
      token: admin,
      body: { name, email, password, role_id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.data.id as number, email, password, token: await server.login(email, password) };
  }

  it('lets a secretary, a teacher and a finance clerk change their password, keeping only this session', async () => {
    for (const [role, name] of [
      [ROLE_IDS.secretaria, 'Sara Secretaria'],
      [ROLE_IDS.professor, 'Pedro Professor'],
      [ROLE_IDS.financeiro, 'Fábio Financeiro'],
    ] as const) {
      const me = await person(role, name);
      const elsewhere = await server.login(me.email, me.password);
      const changed = await as(me.token, 'PUT', '/api/auth/password', {
        current_password: me.password,
        password: 'senha-nova-do-mes',
        password_confirmation: 'senha-nova-do-mes',
      });
      expect(changed).toEqual({
        status: 200,
        body: { message: 'Senha alterada com sucesso! As suas outras sessões foram encerradas.' },
      });
      await expect(server.login(me.email, me.password)).rejects.toThrow(/401/);
      expect(await server.login(me.email, 'senha-nova-do-mes')).toBeTruthy();
      expect((await as(me.token, 'POST', '/api/auth/me')).status).toBe(200);
      expect((await as(elsewhere, 'POST', '/api/auth/me')).status).toBe(401);
    }
  });

  it('answers each mistake in Portuguese, under its field, without changing anything', async () => {
    const me = await person(ROLE_IDS.secretaria, 'Silvia Secretaria');
    const put = (body: unknown) => as(me.token, 'PUT', '/api/auth/password', body);
    expect(await put({ password: 'senha-nova-123', password_confirmation: 'senha-nova-123' })).toEqual({
      status: 422,
      body: {
        message: 'Informe a sua senha atual para trocá-la.',
        errors: { current_password: ['Informe a sua senha atual para trocá-la.'] },
      },
    });
    expect(
      (await put({ current_password: me.password, password: 'curta', password_confirmation: 'curta' })).body.errors,
    ).toEqual({ password: ['A senha deve ter pelo menos 8 caracteres.'] });
    expect(
      (await put({ current_password: me.password, password: 'senha-nova-123', password_confirmation: 'outra-123' }))
        .body.errors,
    ).toEqual({ password_confirmation: ['As senhas não coincidem.'] });
    expect(
      await put({ current_password: 'chute-123', password: 'senha-nova-123', password_confirmation: 'senha-nova-123' }),
    ).toEqual({
      status: 422,
      body: { message: 'A senha atual não confere.', errors: { current_password: ['A senha atual não confere.'] } },
    });
    expect(await server.login(me.email, me.password)).toBeTruthy();
  });

  it('voids the reset links sent before the change', async () => {
    const me = await person(ROLE_IDS.professor, 'Paula Professora');
    expect((await server.request('POST', '/api/forgot-password', { body: { email: me.email } })).status).toBe(200);
    const links = () =>
      server.db.kysely
        .selectFrom('password_resets' as never)
        .select('used_at' as never)
        .where('user_id' as never, '=', me.id as never)
        .execute() as Promise<{ used_at: unknown }[]>;
    await expect.poll(async () => (await links()).length, { timeout: 10_000 }).toBe(1);
    const body = { current_password: me.password, password: 'senha-nova-123', password_confirmation: 'senha-nova-123' };
    expect((await as(me.token, 'PUT', '/api/auth/password', body)).status).toBe(200);
    expect((await links()).every((link) => link.used_at !== null)).toBe(true);
  });

  it('counts guesses of the current password as wrong sign-ins: 40 at once, on two instances, reach it 5 times', async () => {
    const me = await person(ROLE_IDS.secretaria, 'Sueli Secretaria');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        as(
          me.token,
          'PUT',
          '/api/auth/password',
          { current_password: `chute-${i}`, password: 'senha-nova-123', password_confirmation: 'senha-nova-123' },
          i % 2 ? secondUrl : server.url,
        ),
      ),
    );
    const checked = answers.filter((a) => a.status === 422);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(LIMITS.captchaAfter);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(40 - checked.length);
    // Past the limit; or, among the first five, beyond the few hashes one e-mail may run at once.
    expect(new Set(refused.map((a) => a.body.message))).toContain(TOO_MANY);
    for (const { body } of refused) expect([TOO_MANY, BUSY]).toContain(body.message);
    // Even the right one now waits, and the sign-in of that e-mail asks for the human verification.
    const right = {
      current_password: me.password,
      password: 'senha-nova-123',
      password_confirmation: 'senha-nova-123',
    };
    expect(await as(me.token, 'PUT', '/api/auth/password', right)).toEqual({
      status: 429,
      body: { message: TOO_MANY },
    });
    const signIn = await rawRequest(server.url, 'POST', '/api/auth/login', {
      body: { email: me.email, password: me.password },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(signIn).toMatchObject({ status: 429, body: { captcha: true } });
  });

  it('holds the same limit on one’s own line of Usuários (PUT /users/{own id})', async () => {
    const me = await person(ROLE_IDS.administracao, 'Alice Administradora');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        as(
          me.token,
          'PUT',
          `/api/users/${me.id}`,
          { password: 'senha-nova-123', current_password: `chute-${i}` },
          i % 2 ? secondUrl : server.url,
        ),
      ),
    );
    const checked = answers.filter((a) => a.status === 422);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(LIMITS.captchaAfter);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - checked.length);
    const right = await as(me.token, 'PUT', `/api/users/${me.id}`, {
      password: 'senha-nova-123',
      current_password: me.password,
    });
    expect(right).toEqual({ status: 429, body: { message: TOO_MANY } });
    expect(await server.login(me.email, me.password).catch(() => 'refused')).toBe('refused');
  });

  it('changes one’s own name, seen at once by the session and found by the users’ search', async () => {
    const me = await person(ROLE_IDS.professor, 'Pietro Provisório');
    expect((await as(me.token, 'PUT', '/api/auth/me', { name: '   ' })).body).toEqual({
      message: 'O campo Nome é obrigatório.',
      errors: { name: ['O campo Nome é obrigatório.'] },
    });
    expect((await as(me.token, 'PUT', '/api/auth/me', { name: 'x'.repeat(121) })).body.errors).toEqual({
      name: ['O campo Nome pode ter no máximo 120 caracteres.'],
    });
    // The e-mail and the role are not one's own to change here.
    const renamed = await as(me.token, 'PUT', '/api/auth/me', {
      name: '  Pietro Definitivo ',
      email: 'outro@escola.com',
      role_id: ROLE_IDS.administracao,
    });
    expect(renamed).toEqual({
      status: 200,
      body: {
        data: { id: me.id, name: 'Pietro Definitivo', email: me.email },
        message: 'Nome atualizado com sucesso!',
      },
    });
    const now = await as(me.token, 'POST', '/api/auth/me');
    expect(now.body).toMatchObject({ name: 'Pietro Definitivo', email: me.email, role: { key: 'professor' } });
    const found = await server.request('GET', '/api/users?search=definitivo', { token: admin });
    expect(found.body.data.map((u: { id: number }) => u.id)).toEqual([me.id]);
  });

  it('asks a session for both, and refuses them without one', async () => {
    expect((await rawRequest(server.url, 'PUT', '/api/auth/password', { body: {} })).status).toBe(401);
    expect((await rawRequest(server.url, 'PUT', '/api/auth/me', { body: { name: 'Ninguém' } })).status).toBe(401);
  });
});
