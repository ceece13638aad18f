import { afterEach, beforeEach, expect, it } from 'vitest';
import { solveCaptcha, startSmtp } from './support/mail';
import { serverPerTest } from './support/per-test';
import { ADMIN, describeOnDatabases, type TestServer } from './support/server';

describeOnDatabases('public site: verification, contact, password recovery, indicators', (dialect) => {
  // A mailbox and a server per test (the password recovery changes the admin's password and ends the sessions).
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeEach(async () => {
    smtp = await startSmtp();
  });
  afterEach(() => smtp.close());
  const fresh = serverPerTest(dialect, () => ({ smtpUrl: smtp.url }));
  let server: TestServer;
  let token: string;
  beforeEach(async () => {
    ({ server, token } = fresh);
    const now = new Date().toISOString();
    const k = server.db.kysely as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    const student = await k
      .insertInto('students')
      .values({ name: 'Ana Beatriz Conceição', cpf: '52998224725', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('registrations')
      .values({ student_id: student.id, team_id: 1, created_at: now, updated_at: now })
      .execute();
    await k
      .insertInto('documents')
      .values({
        student_id: student.id,
        type: 'CERTIFICATE',
        code: 'CERT_7Q2M9X4K1Z8W',
        folder: 'certificate',
        file_name: 'x.pdf',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  const captcha = async () => solveCaptcha((await server.request('GET', '/api/captcha/challenge')).body);

  it('issues signed, expiring challenges without a token', async () => {
    const { status, body } = await server.request('GET', '/api/captcha/challenge');
    expect(status).toBe(200);
    expect(body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies a document by code, revealing only the holder name, type and date', async () => {
    const payload = await captcha();
    const found = await server.request('GET', '/api/documents/has-document/CERT_7Q2M9X4K1Z8W', {
      headers: { 'x-altcha': payload },
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      {
        type: 'CERTIFICATE',
        type_name: 'Certificado',
        created_at: expect.any(String),
        student: { name: 'Ana Beatriz Conceição' },
        team: null,
      },
    ]);
    expect(JSON.stringify(found.body)).not.toContain('52998224725');

    const missing = await server.request(
      'GET',
      `/api/documents/has-document/NAO-EXISTE?altcha=${encodeURIComponent(await captcha())}`,
    );
    expect(missing).toEqual({
      status: 404,
      body: { error: true, message: 'Não foi encontrado nenhum documento válido com este código.' },
    });
  });

  it('refuses without a solved challenge, and refuses a solution used twice', async () => {
    const none = await server.request('GET', '/api/documents/has-document/CERT_7Q2M9X4K1Z8W');
    expect(none).toEqual({ status: 403, body: { message: 'Resolva a verificação humana.' } });
    const forged = await server.request('GET', '/api/documents/has-document/CERT_7Q2M9X4K1Z8W', {
      headers: { 'x-altcha': Buffer.from('{"challenge":{},"solution":{}}').toString('base64') },
    });
    expect(forged.status).toBe(403);
    const payload = await captcha();
    expect(
      (
        await server.request('GET', '/api/documents/has-document/CERT_7Q2M9X4K1Z8W', {
          headers: { 'x-altcha': payload },
        })
      ).status,
    ).toBe(200);
    const replay = await server.request('GET', '/api/documents/has-document/CERT_7Q2M9X4K1Z8W', {
      headers: { 'x-altcha': payload },
    });
    expect(replay).toEqual({ status: 403, body: { message: 'Esta verificação já foi usada. Resolva-a novamente.' } });
  });

  it('asks the check of a received PDF for a solved challenge too, so codes cannot be probed with files', async () => {
    const pdf = (altcha?: string) =>
      fetch(`${server.url}/api/documents/has-document/CERT_7Q2M9X4K1Z8W/file`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', ...(altcha ? { 'x-altcha': altcha } : {}) },
        body: '%PDF-1.7 qualquer',
      });
    const none = await pdf();
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ message: 'Resolva a verificação humana.' });
    const payload = await captcha();
    const differs = await pdf(payload);
    expect(differs.status).toBe(200);
    expect((await differs.json()).match).toBe(false);
    expect((await pdf(payload)).status).toBe(403);
  });

  it('forgets used solutions once their challenges have expired', async () => {
    const k = server.db.kysely as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await k.insertInto('captcha_used').values({ challenge_id: 'antiga', created_at: yesterday }).execute();
    expect(
      (
        await server.request('GET', '/api/documents/has-document/NAO-EXISTE', {
          headers: { 'x-altcha': await captcha() },
        })
      ).status,
    ).toBe(404);
    const kept = await k.selectFrom('captcha_used').select('challenge_id').execute();
    expect(kept.map((r) => r.challenge_id)).not.toContain('antiga');
    expect(kept).toHaveLength(1);
  });

  it('stores a contact message and mails it to the school through SMTP', async () => {
    const query = new URLSearchParams({
      nome: 'Marcos Paulo',
      e_mail: 'marcos@familia.com.br',
      doubt: 'Quando começam as matrículas de 2027?',
      whatsapp: '(91) 98888-7777',
      altcha: await captcha(),
    });
    const sent = await server.request('GET', `/api/send-mail?${query}`);
    expect(sent).toEqual({
      status: 200,
      body: { message: 'Mensagem enviada com sucesso! Em breve entraremos em contato.' },
    });
    const stored = await server.db.kysely
      .selectFrom('contact_messages' as never)
      .selectAll()
      .execute();
    expect(stored).toEqual([
      expect.objectContaining({ name: 'Marcos Paulo', email: 'marcos@familia.com.br', whatsapp: '91988887777' }),
    ]);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.mails[0];
    expect(mail.to).toEqual(['secretaria@demo.invalid']);
    expect(mail.text).toContain('Quando começam as matrículas de 2027?');
    expect(mail.text).toContain('Reply-To: marcos@familia.com.br');
  });

  it('answers the warning of the spec when a contact field is missing, before the challenge', async () => {
    const { status, body } = await server.request('GET', '/api/send-mail?nome=Ana&e_mail=ana@x.com.br&doubt=');
    expect(status).toBe(422);
    expect(body.message).toBe('Por favor, preencha todos os campos do formulário de contato.');
    expect(Object.keys(body.errors).sort()).toEqual(['doubt', 'whatsapp']);
  });

  it('recovers a password end to end: same answer for unknown e-mails, single-use link, old sessions end', async () => {
    const unknown = await server.request('POST', '/api/forgot-password', { body: { email: 'ninguem@escola.com.br' } });
    const known = await server.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } });
    expect(unknown).toEqual(known);
    expect(known.body.message).toMatch(/^Se o e-mail estiver cadastrado/);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.mails[0];
    expect(mail.to).toEqual([ADMIN.email]);
    const link = /http:\/\/escola\.test\/redefinir-senha\?token=([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const resetToken = link![1];

    const mismatch = await server.request('POST', '/api/reset-password', {
      body: { token: resetToken, password: 'nova-senha-123', password_confirmation: 'outra' },
    });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['As senhas não coincidem.'] });
    const ok = await server.request('POST', '/api/reset-password', {
      body: { token: resetToken, password: 'nova-senha-123', password_confirmation: 'nova-senha-123' },
    });
    expect(ok).toEqual({ status: 200, body: { message: 'Senha redefinida com sucesso! Entre com a nova senha.' } });
    expect((await server.request('POST', '/api/auth/me', { token })).status).toBe(401);
    expect(await server.login(ADMIN.email, 'nova-senha-123')).toBeTruthy();
    const reused = await server.request('POST', '/api/reset-password', {
      body: { token: resetToken, password: 'terceira-123', password_confirmation: 'terceira-123' },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.token[0]).toMatch(/inválido ou expirou/);
  });

  it('answers the dashboard indicators from single aggregate queries', async () => {
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    const students = await server.request('GET', '/api/indicators/number-students-per-month', { token });
    expect(students.body).toEqual([{ month, total_students: 1 }]);
    const registrations = await server.request('GET', '/api/indicators/number-registrations-per-month', { token });
    expect(registrations.body).toEqual([{ month, total_registrations: 1 }]);
    const perTeam = await server.request('GET', '/api/indicators/number-students-per-teams', { token });
    expect(perTeam.body).toContainEqual({ name: 'Turma Médio 2026 A', total_students: 1 });
    expect(perTeam.body).toContainEqual({ name: 'Enfermagem 2026.1', total_students: 0 });
    expect((await server.request('GET', '/api/indicators/number-students-per-teams')).status).toBe(401);
  });
});

describeOnDatabases('public endpoints are rate limited', (dialect) => {
  // A server per test: the spent limit and the outbox of one test are not the next one's.
  const fresh = serverPerTest(dialect, { publicRateLimit: 3 });
  let server: TestServer;
  beforeEach(() => {
    server = fresh.server;
  });

  it('answers 429 to the N+1-th verification from one address within a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await server.request('GET', '/api/documents/has-document/QUALQUER')).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('keeps mail in the outbox when there is no SMTP server configured', async () => {
    await server.request('POST', '/api/forgot-password', { body: { email: 'admin.teste@escolamodelo.edu.br' } });
    // Written after the answer (an existing e-mail must not answer slower).
    await expect
      .poll(
        async () =>
          (
            await server.db.kysely
              .selectFrom('outbox' as never)
              .selectAll()
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const outbox = await server.db.kysely
      .selectFrom('outbox' as never)
      .selectAll()
      .execute();
    expect(outbox).toEqual([
      expect.objectContaining({
        to_address: 'admin.teste@escolamodelo.edu.br',
        subject: 'Redefinição de senha',
        sent_at: null,
      }),
    ]);
  });

  it('lets an administrator read the outbox, which nobody can write to through the API', async () => {
    await server.request('POST', '/api/forgot-password', { body: { email: 'admin.teste@escolamodelo.edu.br' } });
    const token = fresh.token;
    // The message is written after the answer (an existing e-mail must not answer slower).
    const read = () => server.request('GET', '/api/outbox?search=redefinicao', { token });
    await expect.poll(async () => (await read()).body.data.length, { timeout: 10_000 }).toBe(1);
    const found = await read();
    expect(found.body.data).toEqual([
      expect.objectContaining({
        to_address: 'admin.teste@escolamodelo.edu.br',
        subject: 'Redefinição de senha',
        sent_at: null,
      }),
    ]);
    expect(found.body.data[0].body).toContain('/redefinir-senha?token=');
    expect((await server.request('GET', '/api/outbox')).status).toBe(401);
    expect((await server.request('POST', '/api/outbox', { token, body: { subject: 'x' } })).status).toBe(404);
    expect((await server.request('DELETE', `/api/outbox/${found.body.data[0].id}`, { token })).status).toBe(404);
  });
});
