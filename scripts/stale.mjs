import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Whether any input file is newer than the stamp written by the last build (or there is none). */
export function isStale(inputs, stamp) {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(input) > built);
}

export function touchStamp(stamp) {
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
}

/** What the SPA is built from, and the stamp its last build leaves. */
export const CLIENT_INPUTS = [
  'src',
  'resources',
  'reports',
  'dataProvider',
  'authProvider',
  'index.html',
  'vite.config.ts',
  'public',
  'package.json',
];
export const CLIENT_STAMP = 'dist/client/.built';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Whether a build tool (vite, esbuild) is installed: a production install (`npm ci --omit=dev`) has none. */
export function canBuild(tool) {
  try {
    createRequire(import.meta.url).resolve(`${tool}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const BUILT = ['dist/client/index.html', 'dist/server/main.mjs'];

/**
 * Builds the SPA and the server when a source is newer than their last build (`npm start`, `npm run test:e2e`).
 * A production install has no build tools: it runs the dist/ built elsewhere as it is, whatever the sources' dates
 * (a copy or a checkout makes them look newer than the build).
 */
export function buildWhatIsStale() {
  if (!canBuild('vite') || !canBuild('esbuild')) {
    const missing = BUILT.filter((file) => !fs.existsSync(file));
    if (missing.length) {
      console.error(
        `Faltam ${missing.join(' e ')}, e esta instalação não tem as ferramentas de build (npm ci --omit=dev). ` +
          'Gere o dist/ com npm run build numa máquina com as dependências de desenvolvimento e traga-o para cá ' +
          '(veja docs/operacao/instalacao.md).',
      );
      process.exit(1);
    }
    console.log('Instalação de produção (sem as dependências de desenvolvimento): servindo o dist/ já gerado.');
    return;
  }
  if (isStale(CLIENT_INPUTS, CLIENT_STAMP)) {
    console.log('Gerando a interface (vite build)…');
    run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
    touchStamp(CLIENT_STAMP);
  }
  run(process.execPath, ['scripts/build-server.mjs', '--if-stale']);
}
