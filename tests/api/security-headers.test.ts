import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers on every answer', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-spa-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Secretaria</title>');
    server = await startServer('sqlite', { staticDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends the same headers on the API, its errors and the SPA, without HSTS on plain http', async () => {
    const token = await server.login();
    const answers = await Promise.all([
      fetch(`${server.url}/api/health`),
      fetch(`${server.url}/api/teachings`, { headers: { authorization: `Bearer ${token}` } }),
      fetch(`${server.url}/api/teachings`),
      fetch(`${server.url}/api/nao-existe`),
      fetch(`${server.url}/admin/alunos`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 200]);
    for (const answer of answers) {
      const h = answer.headers;
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('x-frame-options')).toBe('DENY');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('strict-transport-security')).toBeNull();
      const csp = directives(h.get('content-security-policy'));
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).not.toContain('*');
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
    }
  });
});

describe('HSTS behind https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { appUrl: 'https://secretaria.escola.edu.br' });
  });
  afterAll(() => server?.close());

  it('asks browsers to stay on https when APP_URL is https', async () => {
    const answer = await fetch(`${server.url}/api/health`);
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directives(answer.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
  });
});

const ALLOWED = 'https://app.escola.edu.br';

async function preflight(server: TestServer, origin: string): Promise<Response> {
  return fetch(`${server.url}/api/teachings`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
}

describe('CORS with CORS_ORIGINS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { corsOrigins: [ALLOWED, 'http://localhost:5173'] });
  });
  afterAll(() => server?.close());

  it('answers the preflight of an allowed origin, allowing the Authorization header', async () => {
    const answer = await preflight(server, ALLOWED);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toContain('authorization');
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(answer.headers.get('vary')).toMatch(/origin/i);

    const token = await server.login();
    const list = await fetch(`${server.url}/api/teachings`, {
      headers: { origin: ALLOWED, authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('gives a refused origin nothing a browser would accept', async () => {
    const answer = await preflight(server, 'https://intruso.example');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-headers')).toBeNull();
    const list = await fetch(`${server.url}/api/health`, { headers: { origin: 'https://intruso.example' } });
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS by default', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server?.close());

  it('allows no other origin, while same-origin calls work as always', async () => {
    for (const origin of [ALLOWED, 'http://localhost:5173']) {
      const answer = await preflight(server, origin);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    const token = await server.login();
    expect((await server.request('GET', '/api/teachings', { token })).status).toBe(200);
  });
});
