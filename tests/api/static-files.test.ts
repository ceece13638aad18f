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
});
