// Bundles the API server (server/ + resources/) into dist/server with esbuild (scripts/server-bundle.mjs says
// which packages stay in node_modules). `--if-stale` skips the build when no source is newer, and on a production
// install (`npm ci --omit=dev`, no esbuild) runs nothing when a built server is there.
import fs from 'node:fs';
import { canBuild, isStale, touchStamp } from './stale.mjs';
import { serverBuildOptions } from './server-bundle.mjs';

const inputs = ['server', 'resources', 'reports', 'package.json'];
const stamp = 'dist/server/.built';
const ifStale = process.argv.includes('--if-stale');

if (ifStale && !canBuild('esbuild')) {
  if (fs.existsSync('dist/server/main.mjs')) process.exit(0);
  console.error(
    'Não há servidor gerado (dist/server) e esta instalação não tem o esbuild (npm ci --omit=dev). ' +
      'Gere o dist/ com npm run build numa máquina com as dependências de desenvolvimento ' +
      '(veja docs/operacao/instalacao.md).',
  );
  process.exit(1);
}
if (ifStale && !isStale(inputs, stamp)) process.exit(0);

const { build } = await import('esbuild');
// Chunks of earlier builds would pile up (their names carry a hash).
fs.rmSync('dist/server', { recursive: true, force: true });
await build(serverBuildOptions());
touchStamp(stamp);
