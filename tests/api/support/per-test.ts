import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { DialectName } from '../../../server/db/connection';
import { startServer, type StartOptions, type TestServer } from './server';

export interface PerTest {
  /** The server of the running test, on a database of its own, freshly migrated and seeded. */
  server: TestServer;
  /** The seeded admin's token on that server (from its session store: see TestServer.session). */
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
    call: (method: string, path: string, body?: unknown) =>
      fresh.server.request(method, path, { token: fresh.token, body }),
  } as PerTest;
  beforeEach(async () => {
    fresh.server = await startServer(dialect, typeof options === 'function' ? options() : options);
    fresh.token = await fresh.server.session();
  });
  afterEach(async () => {
    const { server } = fresh as Partial<PerTest>;
    // Cleared first: a server that failed to start is not closed twice.
    (fresh as Partial<PerTest>).server = undefined;
    await server?.close();
  });
  return fresh;
}

/**
 * One server for the whole enclosing describe, for suites whose tests each build their own rows (a
 * student of their own, a charge of their own) and so pass in any order on one database.
 */
export function serverPerFile(dialect: DialectName, options: StartOptions | (() => StartOptions) = {}): PerTest {
  const shared = {
    call: (method: string, path: string, body?: unknown) =>
      shared.server.request(method, path, { token: shared.token, body }),
  } as PerTest;
  beforeAll(async () => {
    shared.server = await startServer(dialect, typeof options === 'function' ? options() : options);
    shared.token = await shared.server.session();
  });
  afterAll(async () => {
    await (shared as Partial<PerTest>).server?.close();
  });
  return shared;
}
