import net from 'node:net';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE } from '../../server/http/errors';
import { databases, startServer, type TestServer } from './support/server';

// PostgreSQL only: its connections can be dropped under the server (SQLite is a file in the process).
describe.skipIf(!databases().includes('postgres'))('a PostgreSQL connection dropped under the server', () => {
  let admin: pg.Client;
  let server: TestServer | undefined;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(() => admin?.end());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Ends this server's connections from a second one (as a restart or an idle timeout would); answers how many. */
  async function terminateBackends(s: TestServer): Promise<number> {
    // Chosen first, terminated after: in one `where`, PostgreSQL may call pg_terminate_backend before the filter.
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [`secretaria/${s.db.schema}`],
    );
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [rows.map((r) => r.pid)]);
    // Gone from the server's side: the process has sent its last word to the client.
    await expect
      .poll(
        async () =>
          (
            await admin.query('select count(*)::int as n from pg_stat_activity where pid = any($1)', [
              rows.map((r) => r.pid),
            ])
          ).rows[0].n,
      )
      .toBe(0);
    return rows.length;
  }

  it('keeps serving when idle connections are terminated, and the next requests succeed', async () => {
    server = await startServer('postgres');
    const token = await server.login();
    // Fill the pool, then leave its connections idle.
    await Promise.all(Array.from({ length: 4 }, () => server!.request('GET', '/api/teachings', { token })));
    expect(await terminateBackends(server)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 5; i++) expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
    const created = await server.request('POST', '/api/teachings', { token, body: { name: 'Ensino depois da queda' } });
    expect(created.status).toBe(201);
  });

  it('answers 200 or 503 (never 500) while its connections are terminated under load, then only 200', async () => {
    server = await startServer('postgres');
    const token = await server.login();
    const statuses: number[] = [];
    const messages = new Set<string>();
    let running = true;
    const worker = async () => {
      for (let i = 0; running; i++) {
        const answer =
          i % 4 === 3
            ? await server!.request('POST', '/api/teachings', {
                token,
                body: { name: `Ensino sob carga ${Math.random()}` },
              })
            : await server!.request('GET', '/api/teachings?search=ensino', { token });
        statuses.push(answer.status);
        if (answer.status === 503) messages.add(answer.body.message);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      await new Promise((r) => setTimeout(r, 150));
      terminated += await terminateBackends(server);
    }
    running = false;
    await load;
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    for (const message of messages) expect(message).toBe(DATABASE_UNAVAILABLE_MESSAGE);

    await new Promise((r) => setTimeout(r, 50));
    const after = await Promise.all(
      Array.from({ length: 8 }, () => server!.request('GET', '/api/teachings', { token })),
    );
    expect(after.map((a) => a.status)).toEqual(Array(8).fill(200));
  });

  it('answers 503 with a message while the database is away, and recovers by itself when it returns', async () => {
    const proxy = await databaseProxy(process.env.TEST_DATABASE_URL!);
    try {
      server = await startServer('postgres', { pgUrl: proxy.url });
      const token = await server.login();
      expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);

      await proxy.away();
      for (const [method, route] of [
        ['GET', '/api/teachings'],
        ['POST', '/api/teachings'],
        ['GET', '/api/students'],
      ] as const) {
        const answer = await server.request(method, route, {
          token,
          body: method === 'POST' ? { name: 'Ensino sem banco' } : undefined,
        });
        expect(answer, `${method} ${route}`).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } });
      }
      expect(
        (await fetch(`${server.url}/api/teachings`, { headers: { authorization: `Bearer ${token}` } })).headers.get(
          'retry-after',
        ),
      ).toBe('5');

      await proxy.back();
      const after = await Promise.all(
        Array.from({ length: 6 }, () => server!.request('GET', '/api/teachings', { token })),
      );
      expect(after.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(
        (await server.request('POST', '/api/teachings', { token, body: { name: 'Ensino com o banco de volta' } }))
          .status,
      ).toBe(201);
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A TCP relay to the database: `away()` cuts every connection and refuses new ones (what a server restart
 * or a failover looks like from the application), `back()` listens again on the same port.
 */
async function databaseProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      relay.once('error', reject);
      relay.listen(at, '127.0.0.1', () => resolve());
    });
  await listen(0);
  const relayPort = (relay.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${relayPort}`;
  const away = async () => {
    const closed = new Promise((r) => relay.close(r));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    url: url.toString(),
    away,
    back: () => listen(relayPort),
    close: () => (relay.listening ? away() : Promise.resolve()),
  };
}

// SQLite only: another process (`npm run migrate`, `--nova-senha-admin`, a sqlite3 shell) holds the write lock.
describe('a SQLite write lock held by another process', () => {
  let server: TestServer | undefined;
  let other: Database.Database | undefined;
  afterEach(async () => {
    other?.close();
    await server?.close();
    server = other = undefined;
  });

  it('answers writes 503 with Retry-After at once, keeps reading and the loop free, and writes again once released', async () => {
    server = await startServer('sqlite');
    const token = await server.login();
    const { rows } = await sql<{ file: string }>`pragma database_list`.execute(server.db.kysely);
    other = new Database(rows[0].file);
    other.exec('begin immediate');

    const write = (name: string) =>
      fetch(`${server!.url}/api/teachings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    const started = Date.now();
    const refused = await Promise.all([1, 2, 3, 4, 5].map((i) => write(`Ensino travado ${i}`)));
    // Five writes answered within a second together (each froze the loop 5 s before answering 500).
    expect(Date.now() - started).toBeLessThan(1500);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(await answer.json()).toEqual({ message: DATABASE_BUSY_MESSAGE });
    }
    expect(DATABASE_BUSY_MESSAGE).toMatch(/^O banco de dados está ocupado/);
    // Reading does not wait for the writer (WAL), and the readiness check names the cause.
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
    expect(await server.request('GET', '/api/health?ready=1')).toMatchObject({
      status: 503,
      body: { database: 'ocupado por outro processo', storage: 'ok' },
    });

    other.exec('rollback');
    expect((await write('Ensino depois da trava')).status).toBe(201);
    expect((await server.request('GET', '/api/teachings?search=travado', { token })).body.total).toBe(0);
  });
});
