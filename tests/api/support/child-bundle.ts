import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_ENTRIES, serverBuildOptions } from '../../../scripts/server-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export type ChildEntry = 'main' | 'backup' | 'thread' | 'lease-child' | 'import-child' | 'nfse-child';

/**
 * The processes the API tests start besides their own in-process servers: the server's entries as a production
 * install runs them (`main`, `backup`, and the worker `thread` that main and the children load by file), and the
 * crash tests' child servers (support/*-child.ts).
 */
const ENTRIES: Record<ChildEntry, string> = {
  main: SERVER_ENTRIES.main,
  backup: SERVER_ENTRIES.backup,
  thread: SERVER_ENTRIES.thread,
  'lease-child': 'tests/api/support/lease-child.ts',
  'import-child': 'tests/api/support/import-child.ts',
  'nfse-child': 'tests/api/support/nfse-child.ts',
};

/**
 * Bundles those entries from the current source, once per API run (tests/api/global-setup.ts), with the options of
 * `npm run build:server` (scripts/server-bundle.mjs). A child started through tsx had tsx resolve and transform the
 * whole server again in every start (and again in each of its worker threads): ~1.6 s of CPU with tsx's cache warm,
 * ~2.6 s cold (a fresh clone), against ~0.6 s for the bundle, about 20 starts per run. The five files that start
 * processes (shutdown, backup, job-leases, nfse-sigkill, imports-sigkill) took 87-88 s of CPU on both databases, 51 s
 * bundled; the build costs ~2 s of esbuild's own CPU, beside the templates.
 * The folder sits in node_modules/.cache so that the packages left out of the bundle resolve from it.
 */
export async function buildChildBundle(): Promise<string> {
  const parent = path.join(ROOT, 'node_modules', '.cache');
  fs.mkdirSync(parent, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(parent, 'secretaria-api-children-'));
  await build({ ...serverBuildOptions({ root: ROOT, outdir, entryPoints: ENTRIES }), sourcemap: false });
  return outdir;
}

export function removeChildBundle(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
