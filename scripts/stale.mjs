import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

/** Builds the SPA and the server when a source is newer than their last build (`npm start`, `npm run test:e2e`). */
export function buildWhatIsStale() {
  if (isStale(CLIENT_INPUTS, CLIENT_STAMP)) {
    console.log('Gerando a interface (vite build)…');
    run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
    touchStamp(CLIENT_STAMP);
  }
  run(process.execPath, ['scripts/build-server.mjs', '--if-stale']);
}
