// `npm start`: build what is out of date (SPA, server), then run the server, which migrates, seeds
// the demo school on the first start and serves http://localhost:8080.
import { spawnSync } from 'node:child_process';
import { isStale, touchStamp } from './stale.mjs';

const clientInputs = ['src', 'resources', 'dataProvider', 'authProvider', 'index.html', 'vite.config.ts', 'public', 'package.json'];
const clientStamp = 'dist/client/.built';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(clientInputs, clientStamp)) {
  console.log('Gerando a interface (vite build)…');
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  touchStamp(clientStamp);
}
run(process.execPath, ['scripts/build-server.mjs', '--if-stale']);
await import('../dist/server/main.mjs');
