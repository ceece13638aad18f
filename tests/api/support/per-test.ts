import { afterEach, beforeEach } from 'vitest';
import type { DialectName } from '../../../server/db/connection';
import { startServer, type StartOptions, type TestServer } from './server';

export interface PerTest {
  /** The server of the running test, on a database of its own, freshly migrated and seeded. */
  server: TestServer;
  /** The seeded admin's token on that server. */
  token: string;
  /** A request as the admin. */
  call(method: string, path: string, body?: unknown): ReturnType<TestServer['request']>;
}

/**
 * A fresh server for each test of the enclosing describe: nothing a test writes (rows, settings,
 * templates, spent login attempts, a passwords change) reaches the next one, whatever the order.
 * `options` may be a function, read before each test (e.g. the URL of a fake started in a beforeEach
 * registered earlier).
 */
export function serverPerTest(dialect: DialectName, options: StartOptions | (() => StartOptions) = {}): PerTest {
  const fresh = {
    call: (method: string, path: string, body?: unknown) => fresh.server.request(method, path, { token: fresh.token, body }),
  } as PerTest;
  beforeEach(async () => {
    fresh.server = await startServer(dialect, typeof options === 'function' ? options() : options);
    fresh.token = await fresh.server.login();
  });
  afterEach(async () => {
    const { server } = fresh as Partial<PerTest>;
    // Cleared first: a server that failed to start is not closed twice.
    (fresh as Partial<PerTest>).server = undefined;
    await server?.close();
  });
  return fresh;
}
