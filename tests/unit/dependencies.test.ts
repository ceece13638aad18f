import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const entries = Object.entries(lock.packages as Record<string, { version: string; dev?: boolean }>).filter(
  ([path]) => path,
);
const named = (name: string) =>
  entries.filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));

describe('dependency tree (package-lock.json)', () => {
  it('asks for Node 24.7 or later, whose crypto has Argon2id (better-sqlite3 13 and extenso 3 need 22.12)', () => {
    expect(pkg.engines.node).toBe('>=24.7');
    expect(named('better-sqlite3').map(([, e]) => e.version.split('.')[0])).toEqual(['13']);
  });

  it('keeps none of the unmaintained packages exceljs used to drag in', () => {
    for (const gone of ['fstream', 'rimraf', 'inflight', 'traverse', 'chainsaw'])
      expect(named(gone).map(([p]) => p)).toEqual([]);
    expect(named('glob').filter(([, e]) => Number(e.version.split('.')[0]) < 10)).toEqual([]);
    expect(named('unzipper').map(([, e]) => e.version)).not.toContainEqual(expect.stringMatching(/^0\.10\./));
  });

  it('installs no HTTP client in production for the PIX code', () => {
    const production = entries.filter(([, e]) => !e.dev).map(([path]) => path.replace(/^.*node_modules\//, ''));
    for (const gone of ['pix-utils', 'axios', 'follow-redirects', 'form-data']) expect(production).not.toContain(gone);
  });

  it('has one esbuild major in the tree', () => {
    expect(new Set(named('esbuild').map(([, e]) => e.version.split('.').slice(0, 2).join('.'))).size).toBe(1);
  });
});

describe('npm run deps', () => {
  it('lists runtime dependencies with their installed version and licence even when the registry does not answer', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts/deps.mjs')], {
      cwd: root,
      // A closed local port: npm outdated fails at once, as on a machine without the registry.
      env: {
        ...process.env,
        npm_config_registry: 'http://127.0.0.1:9/',
        npm_config_fetch_retries: '0',
        npm_execpath: '',
      },
      timeout: 60_000,
    });
    const fastify = stdout.split('\n').find((line) => line.startsWith('fastify '));
    expect(fastify?.split(/\s+/)).toEqual([
      'fastify',
      JSON.parse(readFileSync(join(root, 'node_modules/fastify/package.json'), 'utf8')).version,
      '?',
      'MIT',
    ]);
    expect(stdout).not.toMatch(/^vitest /m); // a devDependency
    expect(stdout).toContain('O registro do npm não respondeu');
    expect(stdout).toMatch(/Árvore de produção \(package-lock.json\): \d+ pacotes; licenças: MIT \d+/);
  }, 70_000);
});
