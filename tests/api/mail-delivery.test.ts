import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { decodeQuotedPrintable, solveCaptcha, startSmtp, type ReceivedMail } from './support/mail';
import { ADMIN, describeOnDatabases, startServer, type TestServer } from './support/server';

/** A TCP server on 127.0.0.1 that accepts connections and never says a word (an SMTP server gone mute). */
async function startSilent(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real SMTP server that refuses the first `failures` messages with a temporary error, then accepts. */
async function startFlaky(
  failures: number,
): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refused++ < failures)
        return callback(Object.assign(new Error('Servidor ocupado, tente mais tarde'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((r) => server.close(() => r())) };
}

interface OutboxRow {
  id: number;
  to_address: string;
  sent_at: unknown;
  error: string | null;
  attempts: number;
  next_attempt_at: unknown;
}
const outboxRows = async (server: TestServer): Promise<OutboxRow[]> =>
  (
    (await server.db.kysely
      .selectFrom('outbox' as never)
      .selectAll()
      .orderBy('id' as never)
      .execute()) as unknown as OutboxRow[]
  ).map((r) => ({ ...r, attempts: Number(r.attempts) }));

const QUICK = { timeoutMs: 400, retryBaseMs: 100, maxAttempts: 3, pollMs: 100 };

describeOnDatabases('mail leaves in the background', (dialect) => {
  let server: TestServer | undefined;
  let silent: Awaited<ReturnType<typeof startSilent>> | undefined;
  afterEach(async () => {
    await server?.close();
    await silent?.close();
    server = silent = undefined;
  });

  it(
    'answers the forgotten password and the contact form at once when the SMTP server never answers, and gives up after the tries',
    { timeout: 60_000 },
    async () => {
      silent = await startSilent();
      server = await startServer(dialect, { smtpUrl: silent.url, mailDelivery: QUICK });
      let started = Date.now();
      const forgot = await server.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } });
      expect(forgot.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);

      const challenge = (await server.request('GET', '/api/captcha/challenge')).body;
      const query = new URLSearchParams({
        nome: 'Marcos Paulo',
        e_mail: 'marcos@familia.com.br',
        doubt: 'Quando começam as matrículas?',
        whatsapp: '(91) 98888-7777',
        altcha: await solveCaptcha(challenge),
      });
      started = Date.now();
      const contact = await server.request('GET', `/api/send-mail?${query}`);
      expect(contact.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);

      // Each message: three tries, each cut after its timeout, then left in the outbox with the reason.
      await expect
        .poll(async () => (await outboxRows(server!)).map((r) => [r.attempts, r.next_attempt_at]), {
          timeout: 20_000,
          interval: 200,
        })
        .toEqual([
          [3, null],
          [3, null],
        ]);
      for (const row of await outboxRows(server)) {
        expect(row.sent_at).toBeNull();
        // Greeting and idle-socket timeouts are equal: under load either may fire first.
        expect(row.error).toMatch(/greeting never received|^timeout$/i);
      }
      expect(silent.connections()).toBe(6);
    },
  );

  it(
    'stops the delivery loop when the server closes, even while a try is waiting on a mute SMTP server',
    { timeout: 60_000 },
    async () => {
      silent = await startSilent();
      const own = await startServer(dialect, { smtpUrl: silent.url, mailDelivery: { ...QUICK, timeoutMs: 30_000 } });
      expect((await own.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } })).status).toBe(200);
      await expect.poll(() => silent!.connections(), { timeout: 10_000 }).toBe(1);
      const started = Date.now();
      await own.close();
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  );
});

describeOnDatabases('a failed delivery is tried again', (dialect) => {
  let server: TestServer;
  let flaky: Awaited<ReturnType<typeof startFlaky>>;
  beforeAll(async () => {
    flaky = await startFlaky(2);
    server = await startServer(dialect, { smtpUrl: flaky.url, mailDelivery: QUICK });
  });
  afterAll(async () => {
    await server?.close();
    await flaky?.close();
  });

  it(
    'delivers on a later try, with the working link, and the outbox keeps the tries and the last error',
    { timeout: 60_000 },
    async () => {
      expect((await server.request('POST', '/api/forgot-password', { body: { email: ADMIN.email } })).status).toBe(200);
      await expect.poll(() => flaky.mails.length, { timeout: 20_000 }).toBe(1);
      const [row] = await outboxRows(server);
      await expect.poll(async () => (await outboxRows(server))[0].sent_at, { timeout: 5_000 }).not.toBeNull();
      expect((await outboxRows(server))[0]).toMatchObject({
        attempts: 3,
        next_attempt_at: null,
        error: expect.stringContaining('Servidor ocupado'),
      });
      expect(row.to_address).toBe(ADMIN.email);
      // The link travels only in the e-mail, and it works.
      const token = /redefinir-senha\?token=([\w-]+)/.exec(flaky.mails[0].text)![1];
      const reset = await server.request('POST', '/api/reset-password', {
        body: { token, password: 'nova-senha-123', password_confirmation: 'nova-senha-123' },
      });
      expect(reset.status).toBe(200);
    },
  );
});

describeOnDatabases('mail delivery with several instances on one database', (dialect) => {
  let server: TestServer;
  let second: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const fast = { ...QUICK, pollMs: 30 };
    server = await startServer(dialect, { smtpUrl: smtp.url, mailDelivery: fast });
    second = await buildApp({ db: server.db, tokenTtlHours: 1, smtpUrl: smtp.url, mailDelivery: fast });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await smtp?.close();
  });

  it('sends each queued message once, whichever instance claims it', { timeout: 60_000 }, async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 24 }, (_, i) => ({
      to_address: `familia${i}@escola.com`,
      subject: `Aviso ${i}`,
      body: `Texto ${i}`,
      created_at: now,
      updated_at: now,
      next_attempt_at: now,
    }));
    await server.db.kysely
      .insertInto('outbox' as never)
      .values(rows as never)
      .execute();
    await expect
      .poll(async () => (await outboxRows(server)).filter((r) => r.sent_at !== null).length, { timeout: 20_000 })
      .toBe(24);
    // Let any second, duplicate send land before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(rows.map((r) => r.to_address).sort());
    expect((await outboxRows(server)).every((r) => r.attempts === 1)).toBe(true);
  });
});

/** A real SMTP server that refuses every recipient, quoting the address back (as real servers do). */
async function startRejecting(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(
        Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        }),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describeOnDatabases('an SMTP rejection in the log', (dialect) => {
  let server: TestServer;
  let logged: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startRejecting>>;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startRejecting();
    server = await startServer(dialect);
    // The instance that sends, logging at `info` into `lines`.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    logged = await buildApp({
      db: server.db,
      tokenTtlHours: 1,
      smtpUrl: smtp.url,
      // One try, with time for a loaded machine: the refusal, not a timeout, is what is logged.
      mailDelivery: { ...QUICK, maxAttempts: 1, timeoutMs: 5_000 },
      logger: { level: 'info', stream },
    });
    await logged.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await logged?.close();
    await server?.close();
    await smtp?.close();
  });

  it('names the message by its id only, never its recipient', { timeout: 30_000 }, async () => {
    const now = new Date().toISOString();
    const [row] = await server.db.kysely
      .insertInto('outbox' as never)
      .values({
        to_address: 'fulana.recusada@familia.com.br',
        subject: 'Aviso',
        body: 'Texto',
        created_at: now,
        updated_at: now,
        next_attempt_at: now,
      } as never)
      .returning('id' as never)
      .execute();
    const id = Number((row as { id: number }).id);
    await expect.poll(async () => (await outboxRows(server))[0]?.error, { timeout: 20_000 }).toMatch(/550/);
    // The office still reads the server's words in the outbox, beside the address it shows anyway.
    expect((await outboxRows(server))[0].error).toContain('fulana.recusada@familia.com.br');
    const failures = lines.map((l) => JSON.parse(l)).filter((l) => /mail not delivered/.test(l.msg));
    expect(failures).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('fulana.recusada');
    expect(failures[0]).toMatchObject({ outboxId: id, attempt: 1, responseCode: 550 });
  });
});
