import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server';

/** A chunk as large as React's, which compresses as a real one does. */
const CHUNK = Array.from({ length: 4000 }, (_, i) => `export const componente${i} = () => "Secretaria ${i}";`).join(
  '\n',
);

describe('the built SPA as visitors get it', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-spa-'));
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Secretaria</title>');
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js'), 'console.log(1);');
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["src/App.tsx"]}');
    // A built chunk (its name carries the hash of its content) with the build's compressed twins (vite.config.ts).
    fs.writeFileSync(path.join(staticDir, 'assets', 'react-ClrQ-Wsc.js'), CHUNK);
    fs.writeFileSync(path.join(staticDir, 'assets', 'react-ClrQ-Wsc.js.br'), zlib.brotliCompressSync(CHUNK));
    fs.writeFileSync(path.join(staticDir, 'assets', 'react-ClrQ-Wsc.js.gz'), zlib.gzipSync(CHUNK));
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

  it('sends a phone the chunks compressed as the build left them, and lets it keep them (issue 36)', async () => {
    const raw = CHUNK.length;
    for (const [accepts, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const chunk = await fetch(`${server.url}/assets/react-ClrQ-Wsc.js`, { headers: { 'accept-encoding': accepts } });
      expect(chunk.status).toBe(200);
      expect(chunk.headers.get('content-encoding'), accepts).toBe(encoding);
      expect(Number(chunk.headers.get('content-length')), accepts).toBeLessThan(raw / 4);
      expect(chunk.headers.get('content-type')).toMatch(/javascript/);
      // The hash in the name changes with the content: a year, never asked again.
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await chunk.text()).toBe(CHUNK);
    }
    const plain = await fetch(`${server.url}/assets/react-ClrQ-Wsc.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(CHUNK);
    // The page itself and the service worker are never kept a year.
    expect((await fetch(`${server.url}/portal`)).headers.get('cache-control')).toMatch(/no-cache|max-age=0/);
    expect((await fetch(`${server.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });
});
