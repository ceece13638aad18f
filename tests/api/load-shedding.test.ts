import { afterEach, expect, it } from 'vitest';
import { OVERLOADED_MESSAGE } from '../../server/http/load';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

describeOnDatabases('load shedding', (dialect) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Waits for the plugin's next sample; a fixed wait would pass or fail with the machine's speed. */
  async function untilUnderPressure(s: TestServer) {
    for (let i = 0; i < 500 && !s.app.isUnderPressure(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(s.app.isUnderPressure()).toBe(true);
  }

  it('refuses new requests with a 503, a pt-BR message and Retry-After, and still answers the health check', async () => {
    // Any heap is over one byte: the server is under pressure from its first sample on.
    server = await startServer(dialect, {
      pressure: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 7 },
    });
    await untilUnderPressure(server);

    for (const path of ['/api/students', '/api/auth/login', '/']) {
      const refused = await fetch(`${server.url}${path}`, { method: path.includes('login') ? 'POST' : 'GET' });
      expect(refused.status, path).toBe(503);
      expect(refused.headers.get('retry-after'), path).toBe('7');
      expect(await refused.json(), path).toMatchObject({ message: OVERLOADED_MESSAGE });
    }
    expect(OVERLOADED_MESSAGE).toMatch(/sobrecarregado.*Tente novamente/);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('answers normally when the server keeps up', async () => {
    // The product's threshold, sampled often enough to have been checked a few times below.
    server = await startServer(dialect, { pressure: { maxEventLoopDelayMs: 500, sampleIntervalMs: 100 } });
    await new Promise((r) => setTimeout(r, 350));
    expect(server.app.isUnderPressure()).toBe(false);
    const token = await server.login();
    const list = await server.request('GET', '/api/teachings', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
  });
});
