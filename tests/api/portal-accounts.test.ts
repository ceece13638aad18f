import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { solveCaptcha, startSmtp } from './support/mail';
import { bornYearsAgo, family, linkToken, portalSignIn } from './support/portal';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

const WRONG = 'E-mail ou senha não correspondem.';

describeOnDatabases('family portal: invitation, activation, sign-in and revocation', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer(dialect, { smtpUrl: smtp.url, loginLimits: { perIp: 100_000, captchaAfter: 3 } });
    admin = await server.login();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  const call = (method: string, path: string, body?: unknown, token = admin) =>
    server.request(method, path, { token, body });

  it('invites by e-mail through the outbox, with a one-time link valid for 7 days', async () => {
    const { guardianId } = await family(server, admin, { guardian: 'Maria Sem Email' });
    const refused = await call('POST', `/api/guardians/${guardianId}/invite`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ email: ['Cadastre o e-mail do responsável antes de convidar.'] });
    expect((await call('GET', `/api/guardians/${guardianId}/portal-access`)).body).toMatchObject({ status: 'none' });

    await call('PUT', `/api/guardians/${guardianId}`, { name: 'Maria Sem Email', email: 'Maria.Convite@Exemplo.com' });
    const sent = await call('POST', `/api/guardians/${guardianId}/invite`);
    expect(sent).toEqual({ status: 202, body: { message: 'Convite enviado para m***@exemplo.com.' } });
    const mail = await dynamic(server.db)
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'maria.convite@exemplo.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Escola Modelo Secretaria: convite para o Portal das famílias');
    expect(mail.body).toContain('Olá, Maria Sem Email!');
    expect(mail.body).toContain('http://escola.test/portal/ativar?token=');
    expect(mail.body).toContain('vale por 7 dias');
    const token = await linkToken(smtp.mails, 'maria.convite@exemplo.com', 'ativar');
    // The outbox, which the office reads, never holds the token itself.
    expect(mail.body).not.toContain(token);
    const link = await dynamic(server.db).selectFrom('portal_links').selectAll().executeTakeFirstOrThrow();
    const days = (Date.parse(String(link.expires_at)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const access = (await call('GET', `/api/guardians/${guardianId}/portal-access`)).body;
    expect(access).toMatchObject({ status: 'invited', email: 'maria.convite@exemplo.com', activated_at: null });
    expect(Date.parse(access.invited_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('activates once, refusing a weak password, an expired link and a replaced one', async () => {
    const email = 'ana.ativa@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Ana Ativa', email });
    await call('POST', `/api/guardians/${guardianId}/invite`);
    const first = await linkToken(smtp.mails, email, 'ativar');
    await call('POST', `/api/guardians/${guardianId}/invite`);
    const second = await linkToken(smtp.mails, email, 'ativar', 1);
    expect(second).not.toBe(first);
    const activate = (token: string, password: string) =>
      server.request('POST', '/api/portal/activate', { body: { token, password } });
    const expired = {
      status: 422,
      body: {
        message: 'Este link de convite expirou ou já foi usado. Peça um novo à secretaria.',
        errors: { token: ['Este link de convite expirou ou já foi usado. Peça um novo à secretaria.'] },
      },
    };
    expect(await activate(first, 'senha-boa-123')).toEqual(expired);
    const weak = await activate(second, 'curta');
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual({ password: ['A senha deve ter pelo menos 8 caracteres.'] });
    expect(await activate(second, 'senha-boa-123')).toEqual({
      status: 200,
      body: { message: 'Senha definida. Entre com o seu e-mail e a nova senha.' },
    });
    expect(await activate(second, 'outra-senha-123')).toEqual(expired);
    expect((await call('GET', `/api/guardians/${guardianId}/portal-access`)).body.status).toBe('active');

    // A link past its 7 days opens nothing.
    await call('POST', `/api/guardians/${guardianId}/invite`);
    const late = await linkToken(smtp.mails, email, 'ativar', 2);
    await dynamic(server.db)
      .updateTable('portal_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await activate(late, 'senha-boa-123')).toEqual(expired);
  });

  it('signs in with the staff wording, keeps the sessions apart and lists the linked students', async () => {
    const email = 'bia.entra@exemplo.com';
    const { guardianId, studentId } = await family(server, admin, { guardian: 'Bia Entra', student: 'Caio', email });
    const login = (password: string, as = email) =>
      server.request('POST', '/api/portal/login', { body: { email: as, password } });
    // Invited, not yet activated: like a wrong password.
    await call('POST', `/api/guardians/${guardianId}/invite`);
    expect(await login('qualquer-senha')).toEqual({ status: 401, body: { message: WRONG } });
    // Its mail delivered before the next invitation counts the mails: a late one would pass for the next link.
    await linkToken(smtp.mails, email, 'ativar');
    const token = await portalSignIn(server, admin, smtp.mails, { guardianId, email });
    expect(await login('senha-errada-1')).toEqual({ status: 401, body: { message: WRONG } });
    expect(await login('senha-errada-1', 'ninguem@exemplo.com')).toEqual({ status: 401, body: { message: WRONG } });

    const me = await server.request('GET', '/api/portal/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      account: { id: expect.any(Number), name: 'Bia Entra', email },
      students: [{ id: studentId, name: 'Caio', registration_number: null, team: null, photo_url: null }],
    });
    // A portal token opens no staff route; a staff token opens no portal route.
    expect((await server.request('POST', '/api/auth/me', { token })).status).toBe(401);
    expect((await server.request('GET', '/api/students', { token })).status).toBe(401);
    expect((await server.request('GET', '/api/portal/me', { token: admin })).status).toBe(401);
    const access = (await call('GET', `/api/guardians/${guardianId}/portal-access`)).body;
    expect(access.status).toBe('active');
    expect(Date.parse(access.last_login_at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await server.request('POST', '/api/portal/logout', { token })).status).toBe(204);
    expect((await server.request('GET', '/api/portal/me', { token })).status).toBe(401);
  });

  it('asks the human verification after repeated failures, as the staff sign-in does', async () => {
    const email = 'caca.limite@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Cacá Limite', email });
    await portalSignIn(server, admin, smtp.mails, { guardianId, email });
    const login = (password: string, altcha?: string) =>
      server.request('POST', '/api/portal/login', { body: { email, password, altcha } });
    for (let i = 0; i < 2; i++) expect((await login('senha-errada-1')).body).toEqual({ message: WRONG });
    expect((await login('senha-errada-1')).body).toEqual({ message: WRONG, captcha: true });
    const blocked = await login('senha-da-familia-1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ captcha: true });
    const challenge = (await server.request('GET', '/api/captcha/challenge')).body;
    expect((await login('senha-da-familia-1', await solveCaptcha(challenge))).status).toBe(200);
    // The staff's counters are apart: the office's own sign-in never asks for it.
    await server.login();
  });

  it('revokes: open sessions end at once, the password stops working, a new invitation reopens', async () => {
    const email = 'davi.revogado@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Davi Revogado', email });
    const token = await portalSignIn(server, admin, smtp.mails, { guardianId, email });
    expect((await server.request('GET', '/api/portal/me', { token })).status).toBe(200);
    expect(await call('DELETE', `/api/guardians/${guardianId}/portal-access`)).toEqual({
      status: 200,
      body: { message: 'Acesso ao portal revogado.' },
    });
    expect((await server.request('GET', '/api/portal/me', { token })).status).toBe(401);
    const login = () =>
      server.request('POST', '/api/portal/login', { body: { email, password: 'senha-da-familia-1' } });
    expect(await login()).toEqual({ status: 401, body: { message: WRONG } });
    expect((await call('GET', `/api/guardians/${guardianId}/portal-access`)).body.status).toBe('revoked');
    // Both the invitation and the revocation are in the audit log, by the office's user.
    const trail = await dynamic(server.db)
      .selectFrom('audit_log as l')
      .innerJoin('portal_accounts as a', 'a.id', 'l.entity_id')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.action', 'l.changes', 'u.email'])
      .where('l.entity', '=', 'portal_accounts')
      .where('a.guardian_id', '=', guardianId)
      .orderBy('l.id')
      .execute();
    expect(trail.map((t) => [t.action, t.email])).toEqual([
      ['create', 'admin.teste@escolamodelo.edu.br'],
      ['update', 'admin.teste@escolamodelo.edu.br'],
    ]);
    expect(JSON.parse(String(trail[1].changes))).toHaveProperty('revoked_at');
    const again = await portalSignIn(server, admin, smtp.mails, { guardianId, email, password: 'senha-nova-da-1' });
    expect((await server.request('GET', '/api/portal/me', { token: again })).status).toBe(200);
  });

  it('makes one account of invitations sent at once', async () => {
    const { guardianId } = await family(server, admin, { guardian: 'Duas Vezes', email: 'duas.vezes@exemplo.com' });
    const sent = await Promise.all([1, 2, 3].map(() => call('POST', `/api/guardians/${guardianId}/invite`)));
    expect(sent.map((r) => r.status)).toEqual([202, 202, 202]);
    const accounts = await dynamic(server.db)
      .selectFrom('portal_accounts')
      .select('id')
      .where('guardian_id', '=', guardianId)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('refuses a second account with the same e-mail, and invites only an adult student', async () => {
    const email = 'dupla@exemplo.com';
    const a = await family(server, admin, { guardian: 'Primeira', email });
    const b = await family(server, admin, { guardian: 'Segunda', email });
    expect((await call('POST', `/api/guardians/${a.guardianId}/invite`)).status).toBe(202);
    const taken = await call('POST', `/api/guardians/${b.guardianId}/invite`);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/já é usado por outra conta do portal/);

    const minor = await call('POST', '/api/students', {
      name: 'Menor',
      birth_date: bornYearsAgo(15),
      email: 'm@x.com',
    });
    expect(await call('POST', `/api/students/${minor.body.data.id}/invite`)).toEqual({
      status: 422,
      body: { message: 'Só um aluno maior de idade pode ter acesso próprio ao portal.' },
    });
    const adult = await call('POST', '/api/students', {
      name: 'Adulta',
      birth_date: bornYearsAgo(20),
      email: 'adulta@exemplo.com',
    });
    expect(await call('POST', `/api/students/${adult.body.data.id}/invite`)).toEqual({
      status: 202,
      body: { message: 'Convite enviado para a***@exemplo.com.' },
    });
    const token = await linkToken(smtp.mails, 'adulta@exemplo.com', 'ativar');
    const password = 'senha-da-adulta-1';
    await server.request('POST', '/api/portal/activate', { body: { token, password } });
    const login = await server.request('POST', '/api/portal/login', {
      body: { email: 'adulta@exemplo.com', password },
    });
    const me = await server.request('GET', '/api/portal/me', { token: login.body.token });
    expect(me.body.students.map((s: { name: string }) => s.name)).toEqual(['Adulta']);
  });

  it('resets a forgotten password by e-mail, ending the open sessions', async () => {
    const email = 'eva.esquece@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Eva Esquece', email });
    const token = await portalSignIn(server, admin, smtp.mails, { guardianId, email });
    const forgot = await server.request('POST', '/api/portal/forgot-password', { body: { email } });
    const unknown = await server.request('POST', '/api/portal/forgot-password', { body: { email: 'x@exemplo.com' } });
    expect(forgot).toEqual(unknown);
    expect(forgot.body.message).toMatch(/^Se o e-mail estiver cadastrado/);
    const reset = await linkToken(smtp.mails, email, 'redefinir-senha');
    const answer = await server.request('POST', '/api/portal/reset-password', {
      body: { token: reset, password: 'senha-redefinida-1' },
    });
    expect(answer).toEqual({ status: 200, body: { message: 'Senha redefinida com sucesso! Entre com a nova senha.' } });
    expect((await server.request('GET', '/api/portal/me', { token })).status).toBe(401);
    const again = await server.request('POST', '/api/portal/reset-password', {
      body: { token: reset, password: 'outra-senha-123' },
    });
    expect(again.status).toBe(422);
    const login = await server.request('POST', '/api/portal/login', {
      body: { email, password: 'senha-redefinida-1' },
    });
    expect(login.status).toBe(200);
  });
});
