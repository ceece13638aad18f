import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TokenStore } from '../../server/auth/tokens';
import { ADMIN, describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

describeOnDatabases('sign-in, sessions and the menu', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { trustProxy: 1 });
  });
  afterAll(() => server.close());

  // Each test signs in from its own address (the limits are tested in login-limits.test.ts).
  let ip = 10;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${ip++}` });

  it('signs in with e-mail and password and delivers the menu built on the server', async () => {
    const { status, body } = await server.request('POST', '/api/auth/login', {
      body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
      headers: from(),
    });
    expect(status).toBe(200);
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.menu.map((g: { text: string }) => g.text)).toEqual([
      'Secretaria',
      'Cadastros',
      'Pedagógico',
      'Financeiro',
      'Relatórios',
      'Administração',
    ]);
    expect(body.menu[0]).toEqual({
      text: 'Secretaria',
      icon: 'person',
      children: [
        { action: 'Alunos', path: '/admin/alunos' },
        { action: 'Responsáveis', path: '/admin/responsaveis' },
        { action: 'Campanhas de matrícula', path: '/admin/campanhas-matricula' },
        { action: 'Pedidos de matrícula', path: '/admin/pedidos-de-matricula' },
      ],
    });
    expect(body.menu[1]).toEqual({
      text: 'Cadastros',
      icon: 'school',
      children: [
        { action: 'Ensinos', path: '/admin/ensinos' },
        { action: 'Cursos', path: '/admin/cursos' },
        { action: 'Textos de documentos', path: '/admin/ensinos/documentos' },
        { action: 'Polos', path: '/admin/polos' },
        { action: 'Disciplinas', path: '/admin/disciplinas' },
        { action: 'Etapas', path: '/admin/etapas' },
      ],
    });
    // Every report of the registry, in the dashboard's order.
    expect(body.menu[4].children).toHaveLength(16);
    expect(body.menu[4].children[0]).toEqual({
      action: 'Geral',
      path: '/admin/reports/general-report-of-students',
      icon: 'assessment',
    });
    expect(body.menu[4].children.at(-1)).toEqual({
      action: 'Frequência para o Bolsa Família',
      path: '/admin/reports/frequencia-bolsa-familia',
      icon: 'assessment',
    });
    expect(body.menu[5].children).toContainEqual({
      action: 'Configurações da escola',
      path: '/admin/configuracoes',
      icon: 'settings',
    });
    expect(body.menu[5].children).toContainEqual({ action: 'Importar', path: '/admin/importar', icon: 'upload' });
    expect(body.menu[5].children).toContainEqual({
      action: 'Censo Escolar',
      path: '/admin/censo',
      icon: 'assessment',
    });
    const me = await server.request('POST', '/api/auth/me', { token: body.access_token });
    expect(me.body).toMatchObject({ name: 'Administrador', email: ADMIN.email });
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await server.request('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: 'errada' },
      headers: from(),
    });
    const unknown = await server.request('POST', '/api/auth/login', {
      body: { email: 'ninguem@escola.com', password: 'errada' },
      headers: from(),
    });
    expect(wrong).toEqual({
      status: 401,
      body: { message: 'E-mail ou senha não correspondem.', error: 'E-mail ou senha não correspondem.' },
    });
    expect(unknown).toEqual(wrong);
  });

  it('validates the login form fields', async () => {
    const { status, body } = await server.request('POST', '/api/auth/login', {
      body: { email: 'nao-e-email' },
      headers: from(),
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ email: ['E-mail deve ser válido.'], password: ['Campo obrigatório.'] });
    const long = await server.request('POST', '/api/auth/login', {
      body: { email: `${'a'.repeat(300)}@escola.com`, password: 'x' },
      headers: from(),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.email[0]).toBe('E-mail deve ser válido.');
  });

  it('stores only a hash of the password and of the token', async () => {
    const token = await server.login();
    const user = await server.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(ADMIN.password);
    const rows = await server.db.kysely.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('kills the token at logout', async () => {
    const token = await server.login();
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
    expect((await server.request('POST', '/api/auth/logout', { token })).body).toEqual({
      message: 'Sessão encerrada.',
    });
    const after = await server.request('GET', '/api/teachings', { token });
    expect(after).toEqual({ status: 401, body: { message: 'Não autenticado.' } });
    expect((await server.request('POST', '/api/auth/me', { token })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await server.login();
    await server.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(401);
    // The next sign-in drops the sessions that ran out (the store is asked directly).
    const admin = await server.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const fresh = await new TokenStore(server.db, 1).issue(Number(admin.id));
    const left = await server.db.kysely.selectFrom('auth_tokens').select('expires_at').execute();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((t) => t.expires_at > new Date().toISOString())).toBe(true);
    expect((await server.request('GET', '/api/teachings', { token: fresh })).status).toBe(200);
  });

  it("honours another instance's sign-out within seconds, though this one remembers the session", async () => {
    const token = await server.login();
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
    // Another instance on the same database signs the session out: only its row goes.
    await server.db.kysely.deleteFrom('auth_tokens').execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_500 });
    try {
      expect(await server.request('GET', '/api/teachings', { token })).toEqual({
        status: 401,
        body: { message: 'Não autenticado.' },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends a deleted user's sessions at once", async () => {
    const admin = await server.login();
    const person = {
      name: 'Secretária temporária',
      role_id: ROLE_IDS.secretaria,
      email: 'temporaria@escolamodelo.edu.br',
      password: 'senha-temporaria-1',
    };
    const created = await server.request('POST', '/api/users', { token: admin, body: person });
    expect(created.status).toBe(201);
    const token = await server.login(person.email, person.password);
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
    expect((await server.request('DELETE', `/api/users/${created.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(401);
  });
});

describeOnDatabases("changing one's own password", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('asks for the current password, and the change voids the reset links sent before', async () => {
    const token = await server.login();
    const me = (await server.request('POST', '/api/auth/me', { token })).body.id as number;
    // A reset link asked for earlier, still unused.
    expect((await server.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } })).status).toBe(200);
    const links = () =>
      server.db.kysely
        .selectFrom('password_resets' as never)
        .selectAll()
        .execute() as Promise<{ used_at: unknown }[]>;
    await expect.poll(async () => (await links()).length, { timeout: 10_000 }).toBe(1);

    const missing = await server.request('PUT', `/api/users/${me}`, { token, body: { password: 'nova-senha-123' } });
    expect(missing).toEqual({
      status: 422,
      body: {
        message: 'Informe a sua senha atual para trocá-la.',
        errors: { current_password: ['Informe a sua senha atual para trocá-la.'] },
      },
    });
    const wrong = await server.request('PUT', `/api/users/${me}`, {
      token,
      body: { password: 'nova-senha-123', current_password: 'chute-123' },
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { message: 'A senha atual não confere.', errors: { current_password: ['A senha atual não confere.'] } },
    });
    await expect(server.login(ADMIN.email, 'nova-senha-123')).rejects.toThrow(/401/);

    const ok = await server.request('PUT', `/api/users/${me}`, {
      token,
      body: { password: 'nova-senha-123', current_password: ADMIN.password },
    });
    expect(ok.status).toBe(200);
    expect(await server.login(ADMIN.email, 'nova-senha-123')).toBeTruthy();
    expect((await links()).every((link) => link.used_at !== null)).toBe(true);
  });
});
