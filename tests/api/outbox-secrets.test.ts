import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtp } from './support/mail';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

describeOnDatabases('password-reset links live only in the e-mail sent', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer(dialect, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('keeps a masked copy in the outbox, which opens nothing, while the e-mail carries the working link', async () => {
    const token = await server.session();
    expect((await server.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } })).status).toBe(200);
    // Sent in the background: the answer came first, the e-mail follows.
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(ADMIN.email)).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes(ADMIN.email))!;
    const sent = /http:\/\/escola\.test\/redefinir-senha\?token=([\w-]+)/.exec(mail.text)![1];

    // What any signed-in user reads in Caixa de saída, and what the table holds.
    const listed = () => server.request('GET', '/api/outbox?search=redefinicao', { token });
    await expect.poll(async () => (await listed()).body.data[0].sent_at, { timeout: 5_000 }).not.toBeNull();
    const row = (await listed()).body.data[0];
    expect(row.body).toContain('http://escola.test/redefinir-senha?token=[oculto — só no e-mail enviado]');
    expect(row.body).not.toContain(sent);
    const stored = await server.db.kysely
      .selectFrom('outbox' as never)
      .select('body' as never)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(sent);
    // Nothing in the stored copy works as a token: try every token-looking piece of it.
    const pieces = [...row.body.matchAll(/token=([^\s]+)/g)].map((m: RegExpMatchArray) => m[1]);
    expect(pieces.length).toBeGreaterThan(0);
    for (const piece of pieces) {
      const attempt = await server.request('POST', '/api/reset-password', {
        body: { token: piece, password: 'roubada-123', password_confirmation: 'roubada-123' },
      });
      expect(attempt.status).toBe(422);
    }

    // The e-mail's link does work.
    const ok = await server.request('POST', '/api/reset-password', {
      body: { token: sent, password: 'nova-senha-123', password_confirmation: 'nova-senha-123' },
    });
    expect(ok).toEqual({ status: 200, body: { message: 'Senha redefinida com sucesso! Entre com a nova senha.' } });
    expect(await server.login(ADMIN.email, 'nova-senha-123')).toBeTruthy();
  });
});
