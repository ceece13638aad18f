import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACKAGES, serverBuildOptions } from '../../scripts/server-bundle.mjs';

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

/** The client's libraries: built into dist/client by Vite, never loaded by the server. */
const CLIENT_LIBRARIES = [
  'react',
  'react-dom',
  'react-admin',
  'ra-core',
  'ra-ui-materialui',
  'ra-i18n-polyglot',
  'ra-language-english',
  '@mui/material',
  '@mui/icons-material',
  '@mui/utils',
  '@emotion/react',
  '@emotion/styled',
  'recharts',
  'react-router',
  'react-router-dom',
  'react-hook-form',
  'altcha',
];
/** Dependencies the server reads from node_modules without importing them, and why. */
const READ_FROM_DISK = ['@expo-google-fonts/great-vibes']; // the certificate's TTF (server/pdf/fonts.ts)

/** A bare import's package: `@scope/name` or `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The npm packages our server code imports, as the production build bundles it: left external or bundled. */
async function serverImports(): Promise<{ external: string[]; bundled: string[] }> {
  const { metafile } = await build({
    ...serverBuildOptions({ root }),
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const external = new Set<string>();
  const bundled = new Set<string>();
  for (const [file, input] of Object.entries((metafile as Metafile).inputs)) {
    if (file.includes('node_modules/')) continue;
    for (const imported of input.imports) {
      const specifier = imported.original ?? imported.path;
      if (/^[./]|^node:/.test(specifier)) continue;
      (imported.external ? external : bundled).add(packageOf(specifier));
    }
  }
  return { external: [...external].sort(), bundled: [...bundled].sort() };
}

/** Bytes a folder takes on disk, counted as `du` does (4 kB blocks), without its nested node_modules. */
function diskBytes(dir: string): number {
  let total = 4096;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += entry.name === 'node_modules' ? 0 : diskBytes(path);
    else if (entry.isFile()) total += Math.ceil(statSync(path).size / 4096) * 4096;
  }
  return total;
}

describe('a production install (npm ci --omit=dev on a built tree)', () => {
  const production = entries.filter(([, e]) => !e.dev);

  it('holds what the built server loads at run time: no client library, and nothing the server does not import', async () => {
    const dependencies = Object.keys(pkg.dependencies).sort();
    for (const library of CLIENT_LIBRARIES) expect(dependencies, library).not.toContain(library);
    const { external, bundled } = await serverImports();
    expect(dependencies).toEqual([...external, ...READ_FROM_DISK].sort());
    // Whatever else the server imports is inside dist/server, and named where `npm run deps` lists it.
    expect(bundled).toEqual([...BUNDLED_PACKAGES].sort());
    for (const name of BUNDLED_PACKAGES) expect(pkg.devDependencies[name], name).toBeDefined();
  }, 60_000);

  it('brings none of the client libraries through another package', () => {
    const names = production.map(([path]) => path.replace(/^.*node_modules\//, ''));
    for (const library of CLIENT_LIBRARIES) expect(names, library).not.toContain(library);
  });

  it('takes under 150 MB of disk (536 MB with the client libraries)', () => {
    const installed = production.filter(([path]) => existsSync(join(root, path)));
    const megabytes = installed.reduce((sum, [path]) => sum + diskBytes(join(root, path)), 0) / 2 ** 20;
    expect(megabytes).toBeLessThan(150);
  });

  it('keeps s3rver out of the whole tree, and with it dicer (CVE-2022-24434)', () => {
    for (const gone of ['s3rver', 'dicer']) expect(named(gone).map(([p]) => p)).toEqual([]);
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
