import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { qrCodesOf } from '../support/pdf-qr';
import { pdfText } from '../support/pdf-text';
import { family } from './support/portal';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

const INVALID = 'Este link de convite expirou ou já foi usado. Peça um novo à secretaria.';
const WRONG = 'O e-mail ou o código de convite não confere. Confira a carta da secretaria.';
const SPENT = 'Muitas tentativas com este código. Tente de novo daqui a uma hora ou peça um novo convite à secretaria.';

/**
 * Issue 35: a school without SMTP lets families in all the same. The invitation is handed over in person: its link
 * answered once to the office (never in the outbox), or a printed letter with the link's QR code and a one-time code
 * the family types with its e-mail; the code is single use, runs out with the invitation, and its guesses are counted
 * in the database per invitation and per address.
 */
describeOnDatabases('family portal without SMTP: the invitation handed over in person', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    // No smtpUrl: nothing can be mailed. Each test signs its guesses from an address of its own (X-Forwarded-For).
    server = await startServer(dialect, { trustProxy: 1, loginLimits: { perIp: 8, captchaAfter: 100 } });
    admin = await server.session();
  });
  afterAll(() => server?.close());
  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const outbox = () => dynamic(server.db).selectFrom('outbox').select(['to_address', 'body']).execute();
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const activate = (body: Record<string, string>, ip = '203.0.113.1') =>
    server.request('POST', '/api/portal/activate', { body, headers: from(ip) });
  const letter = async (guardianId: number) => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api/guardians/${guardianId}/invitation-letter`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const pdf = answer.rawPayload;
    const text = await pdfText(pdf);
    const code = /Código de convite ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1];
    expect(code, text).toBeTruthy();
    return { pdf, text, code: code! };
  };

  it('answers the link once when no e-mail can be sent, and the outbox never holds it', async () => {
    const email = 'rosa.sem.smtp@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Rosa Sem Smtp', email });
    await call('PUT', `/api/guardians/${guardianId}`, { name: 'Rosa Sem Smtp', phone: '91988776655' });
    const before = await outbox();
    const access = await call('GET', `/api/guardians/${guardianId}/portal-access`);
    expect(access.body).toMatchObject({ status: 'none', email_delivery: false });

    const invited = await call('POST', `/api/guardians/${guardianId}/invite`);
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({
      message: 'Convite criado para Rosa Sem Smtp. Entregue o link agora: ele não será mostrado de novo.',
      link: expect.stringMatching(/^http:\/\/escola\.test\/portal\/ativar\?token=[\w-]{43}$/),
      expires_at: expect.any(String),
      whatsapp_url: expect.stringMatching(/^https:\/\/wa\.me\/5591988776655\?text=/),
    });
    const link: string = invited.body.link;
    const token = new URL(link).searchParams.get('token')!;
    expect(decodeURIComponent(invited.body.whatsapp_url)).toContain(link);
    const days = (Date.parse(invited.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);

    // Nothing was queued, and nothing the office reads later shows the link again.
    expect(await outbox()).toEqual(before);
    const later = await call('GET', `/api/guardians/${guardianId}/portal-access`);
    expect(later.body).toMatchObject({ status: 'invited', email });
    expect(JSON.stringify(later.body)).not.toContain(token);
    const stored = await dynamic(server.db).selectFrom('portal_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // The activation page asks on opening: the link works, for this e-mail.
    const check = (t: string) => server.request('POST', '/api/portal/invitation', { body: { token: t } });
    expect(await check(token)).toEqual({ status: 200, body: { email } });
    expect(await activate({ token, password: 'senha-da-rosa-1' })).toEqual({
      status: 200,
      body: { message: 'Senha definida. Entre com o seu e-mail e a nova senha.' },
    });
    // Used: said on opening, before any password is typed.
    expect(await check(token)).toEqual({ status: 422, body: { message: INVALID, errors: { token: [INVALID] } } });
    const login = await server.request('POST', '/api/portal/login', { body: { email, password: 'senha-da-rosa-1' } });
    expect(login.status).toBe(200);
  });

  it('replaces the shown link with the next invitation', async () => {
    const { guardianId } = await family(server, admin, {
      guardian: 'Duas Entregas',
      email: 'duas.entregas@exemplo.com',
    });
    const first = (await call('POST', `/api/guardians/${guardianId}/invite`, { delivery: 'link' })).body.link;
    const second = (await call('POST', `/api/guardians/${guardianId}/invite`, { delivery: 'email' })).body.link;
    expect(second).not.toBe(first);
    const token = (link: string) => new URL(link).searchParams.get('token')!;
    expect((await activate({ token: token(first), password: 'senha-boa-123' })).status).toBe(422);
    expect((await activate({ token: token(second), password: 'senha-boa-123' })).status).toBe(200);
    const refused = await call('POST', `/api/guardians/${guardianId}/invite`, { delivery: 'pombo' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ delivery: ["A entrega do convite deve ser 'email' ou 'link'."] });
  });

  it('prints a letter whose QR code opens the link and whose one-time code, typed with the e-mail, is single use', async () => {
    const email = 'lia.carta@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Lia Carta', email });
    const before = await outbox();
    const { pdf, text, code } = await letter(guardianId);
    expect(text).toContain('Convite para o Portal das famílias');
    expect(text).toContain('Olá, Lia Carta!');
    expect(text).toContain(`E-mail de acesso: ${email}`);
    expect(text).toContain('http://escola.test/portal/ativar');
    expect(text).toMatch(/Este convite vale até \d{2}\/\d{2}\/\d{4} e só pode ser usado uma vez/);
    const [qr] = qrCodesOf(pdf);
    expect(qr).toMatch(/^http:\/\/escola\.test\/portal\/ativar\?token=[\w-]{43}$/);
    expect(await outbox()).toEqual(before);
    // The code is kept as a slow hash only.
    const row = await dynamic(server.db).selectFrom('portal_links').selectAll().where('code_hash', 'is not', null);
    const stored = JSON.stringify(await row.execute());
    expect(stored).not.toContain(code.replace('-', ''));
    expect(stored).toContain('$argon2id$');

    // Typed as a person types it: lower case, without the dash, the e-mail in capitals.
    const typed = code.replace('-', ' ').toLowerCase();
    expect(
      await activate({ email: email.toUpperCase(), code: typed, password: 'senha-da-lia-1' }, '203.0.113.2'),
    ).toEqual({
      status: 200,
      body: { message: 'Senha definida. Entre com o seu e-mail e a nova senha.' },
    });
    const again = await activate({ email, code, password: 'outra-senha-1' }, '203.0.113.2');
    expect(again).toEqual({ status: 422, body: { message: WRONG, errors: { code: [WRONG] } } });
    // One invitation: the code used, the QR's link opens nothing either.
    const token = new URL(qr!).searchParams.get('token')!;
    expect((await activate({ token, password: 'outra-senha-1' })).status).toBe(422);
    const login = await server.request('POST', '/api/portal/login', { body: { email, password: 'senha-da-lia-1' } });
    expect(login.status).toBe(200);
  });

  it('refuses a malformed code without counting it, and a code that ran out with its invitation', async () => {
    const email = 'caio.prazo@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Caio Prazo', email });
    const { code } = await letter(guardianId);
    const malformed = await activate({ email, code: '12', password: 'senha-boa-123' }, '203.0.113.3');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({
      code: ['O código de convite tem 8 letras e algarismos, como na carta (por exemplo, 7K2M-9P4Q).'],
    });
    await dynamic(server.db)
      .updateTable('portal_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code_hash', 'is not', null)
      .execute();
    expect((await activate({ email, code, password: 'senha-boa-123' }, '203.0.113.3')).body).toEqual({
      message: WRONG,
      errors: { code: [WRONG] },
    });
  });

  it('allows five wrong guesses per code, then refuses even the right one until a new letter', async () => {
    const email = 'bento.chute@exemplo.com';
    const { guardianId } = await family(server, admin, { guardian: 'Bento Chute', email });
    const { code } = await letter(guardianId);
    const wrong = code.startsWith('2') ? '3333-3333' : '2222-2222';
    // From five addresses: the limit is the code's, not the address's.
    for (let i = 0; i < 5; i++) {
      const answer = await activate({ email, code: wrong, password: 'senha-boa-123' }, `198.51.100.${i + 1}`);
      expect(answer.body).toEqual({ message: WRONG, errors: { code: [WRONG] } });
    }
    const blocked = await activate({ email, code, password: 'senha-boa-123' }, '198.51.100.9');
    expect(blocked).toEqual({ status: 429, body: { message: SPENT } });
    const counted = await dynamic(server.db)
      .selectFrom('login_failures')
      .select('failures')
      .where('subject', '=', `email:portal-code:${email}`)
      .executeTakeFirstOrThrow();
    expect(Number(counted.failures)).toBe(6);

    // Guesses sent at once are counted one by one: none gets past the limit.
    const burst = await Promise.all(
      [1, 2, 3].map(() => activate({ email, code, password: 'senha-boa-123' }, '198.51.100.10')),
    );
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429]);

    const fresh = await letter(guardianId);
    expect((await activate({ email, code: fresh.code, password: 'senha-boa-123' }, '198.51.100.11')).status).toBe(200);
  });

  it('limits the guesses from one address, over every e-mail', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const answer = await activate({ email: `ninguem${i}@exemplo.com`, code: '2345-6789', password: 'senha-123' }, ip);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body.message).toMatch(
          /^Muitas tentativas a partir deste endereço\. Tente novamente em \d+ min\.$/,
        );
      }
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 429]);
  });

  it('prints a letter only for a holder with an e-mail, and only for the office', async () => {
    const { guardianId } = await family(server, admin, { guardian: 'Sem Email da Carta' });
    const refused = await call('POST', `/api/guardians/${guardianId}/invitation-letter`);
    expect(refused).toEqual({
      status: 422,
      body: {
        message: 'Cadastre o e-mail do responsável antes de convidar.',
        errors: { email: ['Cadastre o e-mail do responsável antes de convidar.'] },
      },
    });
    expect((await server.request('POST', `/api/guardians/${guardianId}/invitation-letter`)).status).toBe(401);
  });
});
