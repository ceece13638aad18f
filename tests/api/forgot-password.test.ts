import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

/** A real SMTP server that takes `delayMs` to accept each message (a slow provider). */
async function startSlowSmtp(
  delayMs: number,
): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          received++;
          callback();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describeOnDatabases('"Esqueceu a senha?"', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;
  beforeAll(async () => {
    smtp = await startSlowSmtp(2000);
    server = await startServer(dialect, { smtpUrl: smtp.url, trustProxy: 1, loginRateLimit: 3 });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const forgot = (email: string, ip: string) =>
    server.request('POST', '/api/forgot-password', { body: { email }, headers: { 'x-forwarded-for': ip } });

  it('answers an existing e-mail at once, and the link follows in the background', { timeout: 30_000 }, async () => {
    const started = Date.now();
    const known = await forgot(ADMIN.email, '192.0.2.1');
    const took = Date.now() - started;
    expect(known.status).toBe(200);
    expect(known.body.message).toMatch(/^Se o e-mail estiver cadastrado/);
    // The SMTP server takes 2 s to accept: the answer did not wait for it.
    expect(took).toBeLessThan(1000);
    await expect.poll(() => smtp.received(), { timeout: 15_000 }).toBe(1);
  });

  it('limits one address however its e-mail is padded or capitalised', async () => {
    const variants = ['pais@familia.com.br', ' pais@familia.com.br', 'PAIS@familia.com.br ', '  Pais@Familia.com.br'];
    const statuses = [];
    for (const [i, email] of variants.entries()) statuses.push((await forgot(email, `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('drops reset links that ran out when a new one is made', { timeout: 30_000 }, async () => {
    const user = await server.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const past = new Date(Date.now() - 2 * 3600_000).toISOString();
    await server.db.kysely
      .insertInto('password_resets' as never)
      .values({ user_id: user.id, token_hash: 'a'.repeat(64), expires_at: past, created_at: past } as never)
      .execute();
    expect((await forgot(ADMIN.email, '203.0.113.9')).status).toBe(200);
    const hashes = async () =>
      (
        await server.db.kysely
          .selectFrom('password_resets' as never)
          .select('token_hash' as never)
          .execute()
      ).map((r) => (r as { token_hash: string }).token_hash);
    await expect.poll(async () => (await hashes()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await hashes()).includes('a'.repeat(64)), { timeout: 10_000 }).toBe(false);
  });
});
