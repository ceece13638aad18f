import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { solveCaptcha } from './support/mail';
import { ADMIN, describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

const WRONG = 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.';
const REPLAYED = 'Este código já foi usado. Aguarde o próximo código no aplicativo autenticador.';
const EXPIRED = 'A verificação expirou. Entre novamente com e-mail e senha.';

/** The code an authenticator app shows for `secret`, `stepsAhead` periods of 30 s from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A code that is none of the valid ones around now. */
function wrongCode(secret: string): string {
  const valid = [-1, 0, 1].map((s) => codeOf(secret, s));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

/** Turns two-step sign-in on for the session's user; answers the secret and the recovery codes. */
async function enable(server: TestServer, token: string): Promise<{ secret: string; codes: string[] }> {
  const started = await server.request('POST', '/api/auth/two-step/enrol', { token });
  expect(started.status).toBe(200);
  const confirmed = await server.request('POST', '/api/auth/two-step/confirm', {
    token,
    body: { code: codeOf(started.body.secret) },
  });
  expect(confirmed.status).toBe(200);
  return { secret: started.body.secret, codes: confirmed.body.recovery_codes };
}

async function createUser(server: TestServer, admin: string, email: string) {
  const person = { name: 'Marta Financeiro', email, password: 'senha-da-marta-1', role_id: ROLE_IDS.financeiro };
  const created = await server.request('POST', '/api/users', { token: admin, body: person });
  expect(created.status).toBe(201);
  return { id: created.body.data.id as number, ...person };
}

describeOnDatabases('two-step sign-in', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server?.close());

  it('enrols with a QR, signs in with the code in a second step, refuses a replayed code', async () => {
    const token = await server.login();
    expect((await server.request('GET', '/api/auth/two-step', { token })).body).toMatchObject({ enabled: false });

    const started = await server.request('POST', '/api/auth/two-step/enrol', { token });
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+.*algorithm=SHA1&digits=6&period=30/);
    expect(started.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Nothing is on until a code confirms it: the sign-in stays one step.
    expect(await server.login()).toBeTruthy();

    const secret = started.body.secret as string;
    const wrong = await server.request('POST', '/api/auth/two-step/confirm', {
      token,
      body: { code: wrongCode(secret) },
    });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { code: [WRONG] } } });
    const confirmed = await server.request('POST', '/api/auth/two-step/confirm', {
      token,
      body: { code: codeOf(secret) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    for (const code of confirmed.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = await server.request('GET', '/api/auth/two-step', { token });
    expect(status.body).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });

    const first = await server.request('POST', '/api/auth/login', { body: ADMIN });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ two_step: true, message: expect.stringContaining('código de 6 dígitos') });
    expect(first.body.access_token).toBeUndefined();

    // The code that confirmed the enrolment was used: it does not sign in.
    const replayed = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: first.body.challenge, code: codeOf(secret) },
    });
    expect(replayed).toMatchObject({ status: 401, body: { message: REPLAYED } });

    const next = codeOf(secret, 1);
    const done = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: first.body.challenge, code: next },
    });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(ADMIN.email);
    expect((await server.request('POST', '/api/auth/me', { token: done.body.access_token })).status).toBe(200);

    // The same code once more, on a new challenge: refused.
    const again = await server.request('POST', '/api/auth/login', { body: ADMIN });
    const twice = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: again.body.challenge, code: next },
    });
    expect(twice).toMatchObject({ status: 401, body: { message: REPLAYED } });
    // The challenge is spent with the sign-in: it does not serve twice.
    const reused = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: first.body.challenge, code: codeOf(secret, 1) },
    });
    expect(reused).toMatchObject({ status: 401, body: { message: EXPIRED } });

    // A recovery code signs in once.
    const recovery = (confirmed.body.recovery_codes as string[])[3];
    const withRecovery = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: again.body.challenge, code: recovery.toUpperCase() },
    });
    expect(withRecovery.status).toBe(200);
    expect(withRecovery.body.access_token).toBeTruthy();
    const third = await server.request('POST', '/api/auth/login', { body: ADMIN });
    const recoveryAgain = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: third.body.challenge, code: recovery },
    });
    expect(recoveryAgain).toMatchObject({ status: 401, body: { message: WRONG } });
    const used = await server.db.kysely
      .selectFrom('two_step_recovery_codes')
      .select('used_at')
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(1);

    // Turned off with the password: the sign-in is one step again.
    const session = withRecovery.body.access_token as string;
    const badOff = await server.request('POST', '/api/auth/two-step/disable', {
      token: session,
      body: { password: 'nao-e-a-senha' },
    });
    expect(badOff).toMatchObject({ status: 422, body: { errors: { password: ['A senha não confere.'] } } });
    const off = await server.request('POST', '/api/auth/two-step/disable', {
      token: session,
      body: { password: ADMIN.password },
    });
    expect(off).toEqual({ status: 200, body: { message: 'Verificação em duas etapas desativada.' } });
    const plain = await server.request('POST', '/api/auth/login', { body: ADMIN });
    // The original answer, with the role and its permissions beside it, and no second step asked.
    expect(Object.keys(plain.body).sort()).toEqual([
      'access_token',
      'menu',
      'permissions',
      'role',
      'token_type',
      'user',
    ]);
  });

  it('voids a challenge after five wrong codes', async () => {
    const token = await server.login();
    const { secret } = await enable(server, token);
    const { body } = await server.request('POST', '/api/auth/login', { body: ADMIN });
    for (let i = 0; i < 5; i++) {
      const answer = await server.request('POST', '/api/auth/two-step/verify', {
        body: { challenge: body.challenge, code: wrongCode(secret) },
      });
      expect(answer).toMatchObject({ status: 401, body: { message: WRONG } });
    }
    const late = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: body.challenge, code: codeOf(secret, 1) },
    });
    expect(late).toMatchObject({ status: 401, body: { message: EXPIRED } });
    await server.db.kysely.deleteFrom('two_step').execute();
  });

  it('lets Administração see and reset the two-step sign-in of a user', async () => {
    const admin = await server.login();
    const marta = await createUser(server, admin, 'marta.reset@escolamodelo.edu.br');
    await enable(server, await server.login(marta.email, marta.password));
    expect((await server.request('GET', `/api/users/${marta.id}/two-step`, { token: admin })).body).toMatchObject({
      enabled: true,
    });
    expect((await server.request('POST', '/api/auth/login', { body: marta })).body.two_step).toBe(true);

    const reset = await server.request('DELETE', `/api/users/${marta.id}/two-step`, { token: admin });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toContain('redefinida');
    expect((await server.request('GET', `/api/users/${marta.id}/two-step`, { token: admin })).body.enabled).toBe(false);
    expect(await server.login(marta.email, marta.password)).toBeTruthy();
    expect((await server.request('DELETE', '/api/users/999999/two-step', { token: admin })).status).toBe(404);
  });

  it('requires the set-up at sign-in when the school setting asks for it', async () => {
    const admin = await server.login();
    const settings = (await server.request('GET', '/api/school-settings', { token: admin })).body.data;
    expect(settings.require_two_step).toBe(false);
    const saved = await server.request('PUT', '/api/school-settings', {
      token: admin,
      body: { ...settings, require_two_step: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.require_two_step).toBe(true);
    // A client that does not know the setting leaves it as it is.
    const { require_two_step: _omitted, ...older } = settings;
    await server.request('PUT', '/api/school-settings', { token: admin, body: older });
    const reread = await server.request('GET', '/api/school-settings', { token: admin });
    expect(reread.body.data.require_two_step).toBe(true);
    // Never on the public branding.
    expect((await server.request('GET', '/api/data-of-client')).body).not.toHaveProperty('require_two_step');

    const first = await server.request('POST', '/api/auth/login', { body: ADMIN });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ two_step_setup: true, message: expect.stringContaining('exige') });
    expect(first.body.access_token).toBeUndefined();
    const started = await server.request('POST', '/api/auth/two-step/setup', {
      body: { challenge: first.body.challenge },
    });
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\//);
    const done = await server.request('POST', '/api/auth/two-step/setup/confirm', {
      body: { challenge: first.body.challenge, code: codeOf(started.body.secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body.recovery_codes).toHaveLength(10);
    const token = done.body.access_token as string;
    expect((await server.request('GET', '/api/auth/two-step', { token })).body).toMatchObject({
      enabled: true,
      required: true,
    });
    // Required: the user cannot turn it off.
    const off = await server.request('POST', '/api/auth/two-step/disable', {
      token,
      body: { password: ADMIN.password },
    });
    expect(off.status).toBe(409);
    // The next sign-in asks for the code.
    expect((await server.request('POST', '/api/auth/login', { body: ADMIN })).body.two_step).toBe(true);

    await server.request('PUT', '/api/school-settings', { token, body: { ...settings, require_two_step: false } });
    await server.db.kysely.deleteFrom('two_step').execute();
  });
});

describeOnDatabases('two-step sign-in under the login limits', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { loginLimits: { perIp: 1000, captchaAfter: 3, windowMinutes: 60 } });
  });
  afterAll(() => server?.close());

  it('counts wrong codes as failed sign-ins: past the limit a code needs the human verification', async () => {
    const { secret } = await enable(server, await server.login());
    const { body } = await server.request('POST', '/api/auth/login', { body: ADMIN });
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await server.request('POST', '/api/auth/two-step/verify', {
          body: { challenge: body.challenge, code: wrongCode(secret) },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(answers[2].body.captcha).toBe(true);
    // Even the right code is not looked at without a solved verification.
    const blocked = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: body.challenge, code: codeOf(secret, 1) },
    });
    expect(blocked).toMatchObject({ status: 429, body: { captcha: true } });
    const challenge = (await server.request('GET', '/api/captcha/challenge')).body;
    const done = await server.request('POST', '/api/auth/two-step/verify', {
      body: { challenge: body.challenge, code: codeOf(secret, 1), altcha: await solveCaptcha(challenge) },
    });
    expect(done.status).toBe(200);
    expect(done.body.access_token).toBeTruthy();
  });
});
