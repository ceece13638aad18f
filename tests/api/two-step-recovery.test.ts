import { Secret, TOTP } from 'otpauth';
import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/** The code an authenticator app shows for `secret`, `stepsAhead` periods of 30 s from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** New recovery codes for one's own two-step sign-in (issue 24), asked with the app's current code. */
describeOnDatabases('two-step sign-in: new recovery codes', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = (method: string, path: string, token: string, body?: unknown) =>
    shared.server.request(method, path, { token, body });

  async function person(email: string) {
    const password = 'senha-da-recuperacao-1';
    const created = await call('POST', '/api/users', shared.token, {
      name: 'Renata Recuperação',
      email,
      password,
      role_id: ROLE_IDS.secretaria,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { email, password, token: await shared.server.login(email, password) };
  }

  /** A sign-in with password and then `code`: the second step's answer. */
  async function signIn(who: { email: string; password: string }, code: string) {
    const first = await call('POST', '/api/auth/login', '', { email: who.email, password: who.password });
    expect(first.body.two_step).toBe(true);
    return call('POST', '/api/auth/two-step/verify', '', { challenge: first.body.challenge, code });
  }

  it('gives new recovery codes for the app’s current code; the earlier ones stop working', async () => {
    const renata = await person('renata.recuperacao@escolamodelo.edu.br');
    const started = await call('POST', '/api/auth/two-step/enrol', renata.token);
    const secret = started.body.secret as string;
    const first = codeOf(secret);
    const confirmed = await call('POST', '/api/auth/two-step/confirm', renata.token, { code: first });
    const earlier = confirmed.body.recovery_codes as string[];
    expect(earlier).toHaveLength(10);

    // Neither a recovery code nor a wrong or empty code is enough.
    const byRecovery = await call('POST', '/api/auth/two-step/recovery-codes', renata.token, { code: earlier[0] });
    expect(byRecovery.status).toBe(422);
    expect(byRecovery.body.errors.code).toEqual([
      'Código inválido. Informe o código de 6 dígitos que o aplicativo autenticador mostra agora.',
    ]);
    const empty = await call('POST', '/api/auth/two-step/recovery-codes', renata.token, {});
    expect(empty.body.errors.code).toEqual(['Informe o código.']);
    // The code already used to turn it on is not accepted twice.
    const replayed = await call('POST', '/api/auth/two-step/recovery-codes', renata.token, { code: first });
    expect(replayed.body.errors.code).toEqual([
      'Este código já foi usado. Aguarde o próximo código no aplicativo autenticador.',
    ]);

    const renewed = await call('POST', '/api/auth/two-step/recovery-codes', renata.token, { code: codeOf(secret, 1) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.message).toBe('Novos códigos de recuperação gerados: os anteriores não valem mais.');
    const fresh = renewed.body.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(fresh.filter((c) => earlier.includes(c))).toEqual([]);
    expect((await call('GET', '/api/auth/two-step', renata.token)).body.recovery_codes_left).toBe(10);

    // An earlier code no longer signs in; a new one does.
    const old = await signIn(renata, earlier[1]);
    expect(old.status).toBe(401);
    const withNew = await signIn(renata, fresh[0]);
    expect(withNew.status, JSON.stringify(withNew.body)).toBe(200);
    expect(withNew.body.access_token).toBeTruthy();
  });

  it('answers 409 when the two-step sign-in is off', async () => {
    const other = await person('sem.duas.etapas@escolamodelo.edu.br');
    expect(await call('POST', '/api/auth/two-step/recovery-codes', other.token, { code: '123456' })).toEqual({
      status: 409,
      body: { message: 'A verificação em duas etapas não está ativada.' },
    });
  });
});
