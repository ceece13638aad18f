import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * A production install (`npm ci --omit=dev` on a tree built elsewhere): no Vite, no esbuild in node_modules, and
 * sources that look newer than the build (a copy or a checkout sets their dates). `npm start` and the commands that
 * build the server when stale must run the dist/ that came, and say what to do when there is none.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
let tree: string;

beforeEach(() => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-producao-'));
  for (const file of [
    'start.mjs',
    'malloc-settings.mjs',
    'stale.mjs',
    'vapid-keys.mjs',
    'build-server.mjs',
    'server-bundle.mjs',
  ])
    fs.cpSync(path.join(ROOT, 'scripts', file), path.join(tree, 'scripts', file));
  fs.writeFileSync(path.join(tree, 'package.json'), JSON.stringify({ type: 'module', dependencies: {} }));
  // The built tree: a server that says it started, and the SPA's page.
  fs.mkdirSync(path.join(tree, 'dist/server'), { recursive: true });
  fs.mkdirSync(path.join(tree, 'dist/client'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'dist/server/main.mjs'), "console.log('servidor gerado no ar');\n");
  fs.writeFileSync(path.join(tree, 'dist/client/index.html'), '<!doctype html><title>Secretaria</title>\n');
  fs.writeFileSync(path.join(tree, 'dist/server/.built'), 'antes');
  fs.writeFileSync(path.join(tree, 'dist/client/.built'), 'antes');
  const past = new Date(Date.now() - 3_600_000);
  for (const stamp of ['dist/server/.built', 'dist/client/.built']) fs.utimesSync(path.join(tree, stamp), past, past);
  // A source newer than the build.
  fs.mkdirSync(path.join(tree, 'server'));
  fs.writeFileSync(path.join(tree, 'server/main.ts'), 'export {};\n');
});
afterEach(() => fs.rmSync(tree, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, [script, ...args], {
    cwd: tree,
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    timeout: 20_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout + error.stderr,
    }),
  );

describe('a production install without the build tools', () => {
  it('npm start serves the dist/ that came, without trying to build it', async () => {
    const started = await run('scripts/start.mjs');
    expect(started.out).toContain('Instalação de produção (sem as dependências de desenvolvimento)');
    expect(started.out).toContain('servidor gerado no ar');
    expect(started.code, started.out).toBe(0);
  });

  it('npm run migrate, backup and restore use the built server as it is', async () => {
    const checked = await run('scripts/build-server.mjs', '--if-stale');
    expect(checked).toEqual({ code: 0, out: '' });
    expect(fs.readFileSync(path.join(tree, 'dist/server/main.mjs'), 'utf8')).toContain('servidor gerado no ar');
  });

  it('without dist/, says how a production install is made instead of failing on a missing module', async () => {
    fs.rmSync(path.join(tree, 'dist'), { recursive: true });
    const started = await run('scripts/start.mjs');
    expect(started.code).toBe(1);
    expect(started.out).toContain('Faltam dist/client/index.html e dist/server/main.mjs');
    expect(started.out).toContain('npm run build numa máquina com as dependências de desenvolvimento');
    expect(started.out).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find module/);
    const built = await run('scripts/build-server.mjs', '--if-stale');
    expect(built.code).toBe(1);
    expect(built.out).toContain('Não há servidor gerado (dist/server)');
  });
});
