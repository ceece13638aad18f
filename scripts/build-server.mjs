// Bundles the API server (server/ + resources/) into dist/server with esbuild; npm packages stay
// external and load from node_modules. `--if-stale` skips the build when no source is newer.
import fs from 'node:fs';
import { build } from 'esbuild';
import { isStale, touchStamp } from './stale.mjs';

const inputs = ['server', 'resources', 'reports', 'package.json'];
const stamp = 'dist/server/.built';

if (process.argv.includes('--if-stale') && !isStale(inputs, stamp)) process.exit(0);

// Chunks of earlier builds would pile up (their names carry a hash).
fs.rmSync('dist/server', { recursive: true, force: true });

await build({
  // The worker thread is its own entry: threads load it by file, next to main.mjs (server/workers/pool.ts).
  entryPoints: {
    main: 'server/main.ts',
    migrate: 'server/migrate.ts',
    backup: 'server/backup/cli.ts',
    thread: 'server/workers/thread.ts',
  },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Modules imported with import() become chunks of their own: a worker thread loads exceljs or pdfkit
  // only for the file it is asked for (server/reports/builders/index.ts).
  splitting: true,
  // Chunks sit beside main.mjs and thread.mjs, so a path relative to import.meta.url means the same in any of them.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  target: 'node22.12', // package.json's engines
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
touchStamp(stamp);
