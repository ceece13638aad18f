import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../server/auth/login-limits';
import { hashPassword } from '../../server/auth/passwords';
import { solveCaptcha } from './support/mail';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

const FAILED = 'E-mail ou senha não correspondem.';
// Cheap hashes for the wrong passwords and the counters: the limits under test do not depend on the cost (it
// travels inside each hash). A first right password replaces its person's with the product's cost.
const CHEAP_HASH = { memory: 1024, passes: 1, parallelism: 1 };
const TINY_CAPTCHA = { cost: 1, counterMin: 1, counterMax: 20, ttlSeconds: 600 };

interface Answer {
  status: number;
  body: { message?: string; access_token?: string; captcha?: boolean; retry_after?: number };
  retryAfter: string | null;
}

/** POST /api/auth/login on `base` as if from `ip` (the servers trust X-Forwarded-For). */
async function login(base: string, ip: string, email: string, password: string, altcha?: string): Promise<Answer> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password, ...(altcha ? { altcha } : {}) }),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
}

async function solved(base: string): Promise<string> {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json();
  return solveCaptcha(challenge);
}

describeOnDatabases('sign-in limits with the product defaults', (dialect) => {
  let server: TestServer;
  const staff = Array.from({ length: 10 }, (_, i) => ({
    email: `funcionario${i}@escolamodelo.edu.br`,
    password: `senha-do-funcionario-${i}`,
  }));
  beforeAll(async () => {
    server = await startServer(dialect, { trustProxy: 1, loginLimits: DEFAULT_LOGIN_LIMITS });
    const now = new Date().toISOString();
    for (const person of staff) {
      await server.db.kysely
        .insertInto('users')
        .values({
          name: person.email,
          email: person.email,
          password_hash: await hashPassword(person.password, CHEAP_HASH),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  afterAll(() => server?.close());

  it(
    'lets a whole office behind one address sign in 200 times in an hour, typos included',
    { timeout: 180_000 },
    async () => {
      const office = '203.0.113.50';
      const statuses = new Map<number, number>();
      for (let i = 0; i < 200; i++) {
        const person = staff[i % staff.length];
        // Every tenth sign-in comes after a typo: 20 failures, two per person.
        if (i % 10 === 0) expect((await login(server.url, office, person.email, 'senha-com-erro')).status).toBe(401);
        const answer = await login(server.url, office, person.email, person.password);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 200 });
    },
  );
});

describeOnDatabases('sign-in limits', (dialect) => {
  const limits: LoginLimits = { perIp: 8, captchaAfter: 3, windowMinutes: 60 };
  let server: TestServer;
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    server = await startServer(dialect, { trustProxy: 1, loginLimits: limits });
    // Another instance on the same database, as behind a load balancer.
    second = await buildApp({
      db: server.db,
      tokenTtlHours: 1,
      loginLimits: limits,
      trustProxy: 1,
      captcha: TINY_CAPTCHA,
    });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  let ip = 1;
  const nextIp = () => `192.0.2.${ip++}`;

  it('asks for a human verification after N failures for an e-mail, and the owner still gets in', async () => {
    const first = await Promise.all([1, 2].map(() => login(server.url, nextIp(), ADMIN.email, 'errada')));
    expect(first.map((a) => a.body)).toEqual([
      { message: FAILED, error: FAILED },
      { message: FAILED, error: FAILED },
    ]);
    // The third failure (from yet another address) says the next sign-in needs the verification.
    expect(await login(server.url, nextIp(), ADMIN.email, 'errada')).toMatchObject({
      status: 401,
      body: { message: FAILED, captcha: true },
    });

    // Without a solution even the right password is refused, and the answer says why.
    const owner = nextIp();
    const refused = await login(server.url, owner, ADMIN.email, ADMIN.password);
    expect(refused.status).toBe(429);
    const needed = 'Muitas tentativas com este e-mail. Resolva a verificação humana e entre novamente.';
    expect(refused.body).toEqual({ message: needed, error: needed, captcha: true });
    expect(refused.body.access_token).toBeUndefined();

    // A guess with a solution still counts as a failure; a solution is good for one attempt only.
    const payload = await solved(server.url);
    expect(await login(server.url, nextIp(), ADMIN.email, 'outra-errada', payload)).toMatchObject({
      status: 401,
      body: { captcha: true },
    });
    const reused = await login(server.url, owner, ADMIN.email, ADMIN.password, payload);
    expect(reused).toMatchObject({
      status: 429,
      body: { message: 'Esta verificação já foi usada. Resolva-a novamente.', captcha: true },
    });

    // The owner solves it and is in; the success clears the e-mail's count.
    const ok = await login(server.url, owner, ADMIN.email, ADMIN.password, await solved(server.url));
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(await login(server.url, nextIp(), ADMIN.email, 'errada')).toMatchObject({
      status: 401,
      body: { message: FAILED },
    });
    expect((await login(server.url, owner, ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('treats an unknown e-mail like a known one, so the verification reveals nothing', async () => {
    for (let i = 0; i < 3; i++) await login(server.url, nextIp(), 'ninguem@escola.com', 'x');
    expect(await login(server.url, nextIp(), 'ninguem@escola.com', 'x')).toMatchObject({
      status: 429,
      body: { captcha: true },
    });
  });

  it('forgets the failures of an e-mail after a window without failures', async () => {
    for (let i = 0; i < 3; i++) await login(server.url, nextIp(), 'esquecida@escola.com', 'x');
    expect((await login(server.url, nextIp(), 'esquecida@escola.com', 'x')).status).toBe(429);
    const longAgo = new Date(Date.now() - 61 * 60_000).toISOString();
    await server.db.kysely
      .updateTable('login_failures')
      .set({ first_failure_at: longAgo, last_failure_at: longAgo })
      .where('subject', '=', 'email:esquecida@escola.com')
      .execute();
    expect(await login(server.url, nextIp(), 'esquecida@escola.com', 'x')).toEqual({
      status: 401,
      body: { message: FAILED, error: FAILED },
      retryAfter: null,
    });
  });

  it('holds a hard limit per address, saying when to try again, without touching other addresses', async () => {
    const sprayer = '198.51.100.7';
    const statuses: number[] = [];
    // A password spray: one guess per e-mail, so no e-mail ever reaches its own limit.
    for (let i = 0; i < limits.perIp; i++)
      statuses.push((await login(server.url, sprayer, `vitima${i}@escola.com`, 'senha123')).status);
    expect(statuses).toEqual(Array(limits.perIp).fill(401));

    const blocked = await login(server.url, sprayer, ADMIN.email, ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.access_token).toBeUndefined();
    expect(blocked.body.retry_after).toBeGreaterThan(3000);
    expect(blocked.body.retry_after).toBeLessThanOrEqual(3600);
    expect(blocked.retryAfter).toBe(String(blocked.body.retry_after));
    expect(blocked.body.message).toBe(
      'Muitas tentativas de login a partir deste endereço. Tente novamente em 60 minutos.',
    );

    expect((await login(server.url, '198.51.100.8', ADMIN.email, ADMIN.password)).status).toBe(200);
    // A success elsewhere does not reopen the address; the end of its window does.
    expect((await login(server.url, sprayer, ADMIN.email, ADMIN.password)).status).toBe(429);
    const longAgo = new Date(Date.now() - 61 * 60_000).toISOString();
    await server.db.kysely
      .updateTable('login_failures')
      .set({ first_failure_at: longAgo })
      .where('subject', '=', `ip:${sprayer}`)
      .execute();
    expect((await login(server.url, sprayer, ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('shares the counters between two instances on one database', async () => {
    const bases = [server.url, secondUrl];
    // E-mail: failures alternate between the instances and still add up to the limit.
    const email = 'alternada@escola.com';
    for (let i = 0; i < limits.captchaAfter; i++)
      expect((await login(bases[i % 2], nextIp(), email, 'x')).status).toBe(401);
    for (const base of bases)
      expect(await login(base, nextIp(), email, 'x')).toMatchObject({ status: 429, body: { captcha: true } });

    // Address: the same.
    const address = '198.51.100.99';
    for (let i = 0; i < limits.perIp; i++)
      expect((await login(bases[i % 2], address, `outro${i}@escola.com`, 'x')).status).toBe(401);
    for (const base of bases) expect((await login(base, address, ADMIN.email, ADMIN.password)).status).toBe(429);
  });
});

describe('sign-in limits keep the table small', () => {
  it('drops counters whose window is over when a failure is counted', async () => {
    const server = await startServer('sqlite', {
      trustProxy: 1,
      loginLimits: { perIp: 5, captchaAfter: 3, windowMinutes: 60 },
    });
    try {
      await login(server.url, '192.0.2.200', 'velha@escola.com', 'x');
      const longAgo = new Date(Date.now() - 61 * 60_000).toISOString();
      await server.db.kysely
        .updateTable('login_failures')
        .set({ first_failure_at: longAgo, last_failure_at: longAgo })
        .execute();
      await login(server.url, '192.0.2.201', 'nova@escola.com', 'x');
      const subjects = await server.db.kysely
        .selectFrom('login_failures')
        .select('subject')
        .orderBy('subject')
        .execute();
      expect(subjects.map((s) => s.subject)).toEqual(['email:nova@escola.com', 'ip:192.0.2.201']);
    } finally {
      await server.close();
    }
  });
});

describeOnDatabases('sign-in attempts sent at once', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, {
      trustProxy: 1,
      loginLimits: { perIp: 1000, captchaAfter: 5, windowMinutes: 60 },
    });
  });
  afterAll(() => server?.close());

  it('counts each attempt before its password: of 30 wrong passwords at once, at most 5 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(server.url, `192.0.2.${i + 1}`, ADMIN.email, `errada-${i}`)),
    );
    const checked = answers.filter((a) => a.status === 401);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - checked.length);
    expect(answers.filter((a) => a.body.captcha === true).length).toBeGreaterThanOrEqual(25);
    // Even the right password now needs the verification.
    expect(await login(server.url, '192.0.2.99', ADMIN.email, ADMIN.password)).toMatchObject({
      status: 429,
      body: { captcha: true },
    });
  });

  it('hashes at most a few passwords at once for one address, refusing the rest with a wait', async () => {
    // Unknown e-mails: each costs a hash of the product's strength (19 MiB of Argon2id).
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(server.url, '198.51.100.60', `rajada${i}@escola.com`, 'x')),
    );
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]).toMatchObject({
      body: { message: 'Muitas tentativas de login ao mesmo tempo. Aguarde um instante e tente novamente.' },
      retryAfter: '1',
    });
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(8);
    // Refused before any hash, a burst does not spend the address's limit: a sign-in right after works.
    const row = await server.db.kysely
      .selectFrom('login_failures')
      .select('failures')
      .where('subject', '=', 'ip:198.51.100.60')
      .executeTakeFirstOrThrow();
    expect(Number(row.failures)).toBe(16 - busy.length);
  });

  it('hashes at most a few passwords at once for one e-mail, whatever the addresses', async () => {
    // A costly hash (about ten times the product's), so that the four checks surely overlap: with the product's
    // Argon2id (~30 ms) the requests could finish one before the next arrives and never meet the cap.
    const now = new Date().toISOString();
    await server.db.kysely
      .insertInto('users')
      .values({
        name: 'Mesma Pessoa',
        email: 'mesma@escola.com',
        password_hash: await hashPassword('senha-da-mesma-1', { memory: 65536, passes: 6, parallelism: 1 }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => login(server.url, `203.0.113.${i + 1}`, 'mesma@escola.com', 'x')),
    );
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(2);
  });
});

describeOnDatabases('sign-in refusals for the original client', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, {
      trustProxy: 1,
      loginLimits: { perIp: 2, captchaAfter: 1, windowMinutes: 60 },
    });
  });
  afterAll(() => server?.close());

  const post = async (ip: string, body: string) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body,
    });
    return { status: response.status, body: await response.json() };
  };

  it('carries every refusal under both `message` and `error`', async () => {
    const answers = [
      await post('192.0.2.10', JSON.stringify({ email: 'x@escola.com', password: 'x' })), // 401
      await post('192.0.2.11', JSON.stringify({ email: 'x@escola.com', password: 'x' })), // 429, verification
      await post('192.0.2.12', JSON.stringify({ email: '', password: 'x' })), // 422
      await post('192.0.2.13', '{"email": '), // 400
    ];
    await post('192.0.2.14', JSON.stringify({ email: 'y@escola.com', password: 'x' }));
    await post('192.0.2.14', JSON.stringify({ email: 'z@escola.com', password: 'x' }));
    answers.push(await post('192.0.2.14', JSON.stringify({ email: 'w@escola.com', password: 'x' }))); // 429, address
    expect(answers.map((a) => a.status)).toEqual([401, 429, 422, 400, 429]);
    for (const answer of answers) {
      expect(typeof answer.body.message).toBe('string');
      expect(answer.body.error).toBe(answer.body.message);
    }
  });
});
