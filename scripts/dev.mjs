// `npm run dev`: the API server in watch mode (tsx) on API_PORT (3000) and Vite's dev server on 5173,
// which forwards /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    // A development database gets the demo school like `npm start`'s (SEED_DEMO=false turns it off).
    env: { SEED_DEMO: 'true', ...process.env, PORT: apiPort, STATIC_DIR: './dist/does-not-exist' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
