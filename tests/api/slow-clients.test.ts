import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** What a raw socket heard before the server closed it, and when. */
interface Cut {
  heard: string;
  ms: number;
}

/**
 * Opens a socket, writes `head`, then one byte of `trickle` every 100 ms (at most 20 s): a client
 * too slow on purpose. Resolves when the server closes the connection.
 */
function slowClient(url: string, head: string, trickle: string): Promise<Cut> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let heard = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < trickle.length && Date.now() - started < 20_000) socket.write(trickle[sent++]);
      else socket.destroy();
    }, 100);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (chunk) => (heard += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ heard, ms: Date.now() - started });
    });
  });
}

/** Opens a socket, writes `head` (if any), then stays silent until the server closes it (at most 20 s). */
function silentClient(url: string, head = ''): Promise<Cut & { afterAnswerMs: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let heard = '';
    let answered = started;
    const guard = setTimeout(() => socket.destroy(), 20_000);
    socket.on('connect', () => head && socket.write(head));
    socket.on('data', (chunk) => {
      heard += chunk.toString('latin1');
      answered = Date.now();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ heard, ms: Date.now() - started, afterAnswerMs: Date.now() - answered });
    });
  });
}

describeOnDatabases('clients too slow to send a request', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { timeouts: { headersMs: 600, requestMs: 1200, idleMs: 2000 } });
  });
  afterAll(() => server?.close());

  it('cuts off a body trickled one byte at a time once the request time is over', async () => {
    const body = JSON.stringify({ email: 'lento@escola.com', password: 'x'.repeat(200) });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: escola.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const cut = await slowClient(server.url, head, body);
    expect(cut.ms).toBeGreaterThanOrEqual(1000);
    expect(cut.ms).toBeLessThan(4000);
    expect(cut.heard).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off headers trickled one byte at a time once the header time is over', async () => {
    const cut = await slowClient(
      server.url,
      'GET /api/health HTTP/1.1\r\n',
      `Host: escola.test\r\nX-Devagar: ${'a'.repeat(200)}\r\n\r\n`,
    );
    expect(cut.ms).toBeLessThan(3000);
    expect(cut.heard).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a kept-alive connection that sends nothing after its answer once the idle time (2 s here) is over', async () => {
    const cut = await silentClient(
      server.url,
      'GET /api/health HTTP/1.1\r\nHost: escola.test\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(cut.heard).toMatch(/^HTTP\/1\.1 200/);
    expect(cut.heard).toMatch(/\r\nconnection: keep-alive\r\n/i);
    // Before, Node's keep-alive time applied there (72 s), whatever the idle time configured.
    expect(cut.afterAnswerMs).toBeGreaterThanOrEqual(1500);
    expect(cut.afterAnswerMs).toBeLessThan(4500);
  });

  it('closes a connection that never sends a byte once the header time is over, with a 408', async () => {
    const cut = await silentClient(server.url);
    expect(cut.ms).toBeLessThan(2000);
    expect(cut.heard).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a client that sends its request at a normal pace', async () => {
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });
});
