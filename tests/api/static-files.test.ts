import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';

describe('the built SPA as visitors get it', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-spa-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Secretaria</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'console.log(1);');
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/App.tsx"]}');
    fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("push", () => {});');
    fs.writeFileSync(path.join(staticDir, 'admin.webmanifest'), '{"name":"Secretaria","lang":"pt-BR"}');
    server = await startServer('sqlite', { staticDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves the chunks but not their source maps', async () => {
    const chunk = await fetch(`${server.url}/assets/index-abc.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('console.log(1);');
    for (const url of ['/assets/index-abc.js.map', '/assets/index-abc.js.map?v=1', '/assets/nao-existe.js.map']) {
      const map = await fetch(`${server.url}${url}`);
      expect(map.status, url).toBe(404);
      expect(await map.json(), url).toEqual({ message: 'Rota não encontrada.' });
    }
    // The SPA's own addresses still get the page.
    expect((await fetch(`${server.url}/verificar/ABC123`)).status).toBe(200);
  });

  it('serves the service worker and the manifests fresh at every visit, the manifest as a manifest', async () => {
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    // A day-long cache would keep every phone on the old version after a deploy.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // At the root, the worker's scope is the whole site without Service-Worker-Allowed.
    expect(worker.headers.get('service-worker-allowed')).toBeNull();

    const manifest = await fetch(`${server.url}/admin.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'Secretaria', lang: 'pt-BR' });

    // The built chunks keep the static server's own caching.
    expect((await fetch(`${server.url}/assets/index-abc.js`)).headers.get('cache-control')).not.toBe('no-cache');
  });
});
