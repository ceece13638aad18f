// How the API server is bundled with esbuild: read by scripts/build-server.mjs and by the tests that check what
// a production install (`npm ci --omit=dev`) must bring for the bundle to run.
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  migrate: 'server/migrate.ts',
  backup: 'server/backup/cli.ts',
  // The worker thread is its own entry: threads load it by file, next to main.mjs (server/workers/pool.ts).
  thread: 'server/workers/thread.ts',
};

/** package.json's `dependencies`: what a production install puts in node_modules, loaded by the bundle from there. */
export function runtimePackages(root = '.') {
  return Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies);
}

/**
 * Packages the server imports that are bundled into dist/server instead (they sit in devDependencies): plain
 * JavaScript that reads no file of its own, whose installed size is many times its code. Installed, the S3 SDK
 * takes 25 MB, zod 8 MB and Kysely 7 MB; bundled, 2 MB together. `npm run deps` lists them with the others.
 */
export const BUNDLED_PACKAGES = ['@aws-sdk/client-s3', 'kysely', 'zod'];

/**
 * esbuild's options for the server. The packages in `dependencies` stay external; any other package the server
 * imports is bundled (tests/unit/dependencies.test.ts checks that those are BUNDLED_PACKAGES).
 */
export function serverBuildOptions({ root = '.', outdir = 'dist/server', entryPoints = SERVER_ENTRIES } = {}) {
  return {
    absWorkingDir: path.resolve(root),
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Modules imported with import() become chunks of their own: a worker thread loads exceljs or pdfkit
    // only for the file it is asked for (server/reports/builders/index.ts), and the S3 SDK loads only with S3_BUCKET.
    splitting: true,
    // Chunks sit beside main.mjs and thread.mjs, so a path relative to import.meta.url means the same in any of them.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    target: 'node22.12', // package.json's engines
    format: 'esm',
    external: runtimePackages(root).flatMap((name) => [name, `${name}/*`]),
    // The ES module builds of bundled packages (the SDK's tree-shake better than its CommonJS ones).
    mainFields: ['module', 'main'],
    sourcemap: true,
    logLevel: 'warning',
  };
}
