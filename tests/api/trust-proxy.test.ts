import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/**
 * Behind a proxy, the client's address is the one the proxy appends to X-Forwarded-For; what the
 * client wrote before it is its own say. Here the test client is the proxy (127.0.0.1) and rotates a
 * spoofed left-most value on every request, as an attacker behind a real proxy would.
 */
const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i % 250}, 203.0.113.9` });

it('refuses TRUST_PROXY=true with a message saying what to write instead', () => {
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
    /TRUST_PROXY: não aceita true .*número de proxies.*10\.0\.0\.0\/8/,
  );
  expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: deve ser false, o número de proxies/);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  expect(loadConfig({}).trustProxy).toBe(false);
});

it('refuses a range that covers public addresses, with a message saying what to write instead', () => {
  // Two halves of the internet, the whole of it (which Fastify itself rejected with a stack trace at start), and
  // ranges that reach past the private ones.
  for (const setting of [
    '0.0.0.0/1,128.0.0.0/1',
    '0.0.0.0/0',
    '::/0',
    '10.0.0.0/7',
    '127.0.0.1, 104.16.0.0/13',
    '::ffff:0.0.0.0/96',
    '2001:db8::/32',
  ]) {
    expect(() => loadConfig({ TRUST_PROXY: setting }), setting).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: setting }), setting).toThrow(
      /TRUST_PROXY: a faixa \S+ inclui endereços públicos.*faixas privadas.*endereço exato de um proxy público.*número de proxies/,
    );
  }
  // Private, loopback, link-local, cluster ranges, a single public proxy and IPv4-mapped private ranges stay.
  const accepted =
    '10.0.0.0/8,172.16.0.0/12,192.168.1.0/24,127.0.0.1/32,100.64.0.0/10,fd00::/8,203.0.113.9,::ffff:10.0.0.0/104';
  expect(loadConfig({ TRUST_PROXY: accepted }).trustProxy).toEqual(accepted.split(','));
  expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
});

for (const setting of ['1', '127.0.0.1/32']) {
  describeOnDatabases(`per-address limits behind a proxy (TRUST_PROXY=${setting})`, (dialect) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect, {
        trustProxy: loadConfig({ TRUST_PROXY: setting }).trustProxy,
        loginLimits: { perIp: 3, captchaAfter: 100, windowMinutes: 60 },
        publicRateLimit: 2,
      });
    });
    afterAll(() => server?.close());

    it('still limits failed sign-ins from one client that rotates a spoofed X-Forwarded-For', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await server.request('POST', '/api/auth/login', {
          body: { email: `pessoa${i}@escola.com`, password: 'errada' },
          headers: spoofed(i),
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Another client behind the same proxy is another address.
      const other = await server.request('POST', '/api/auth/login', {
        body: { email: 'outra@escola.com', password: 'errada' },
        headers: { 'x-forwarded-for': '203.0.113.10' },
      });
      expect(other.status).toBe(401);
    });

    it('still limits the public pages per client', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await server.request('GET', '/api/captcha/challenge', { headers: spoofed(i) })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    });
  });
}
