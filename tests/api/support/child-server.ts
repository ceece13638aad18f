import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, inject } from 'vitest';
import type { ChildEntry } from './child-bundle';
import type { TestServer } from './server';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The file that runs `entry` (the server's `main` or `backup`, or a crash test's child), bundled from the current
 * source by the API run's global setup (support/child-bundle.ts): `node` runs it with no TypeScript loader.
 */
export function childScript(entry: ChildEntry): string {
  return path.join(inject('childBundle'), `${entry}.mjs`);
}

/** A server process started by a crash test (a `support/*-child.ts` script, bundled), and what it printed so far. */
export interface ChildServer {
  process: ChildProcess;
  output: () => string;
}

/**
 * Where a child script finds the test server's database, in the variables its script reads: `<prefix>_PG_URL` and
 * `<prefix>_PG_SCHEMA` on PostgreSQL, `<prefix>_SQLITE_DIR` (the folder of the SQLite file) on SQLite.
 */
export async function databaseEnv(server: TestServer, prefix: string): Promise<Record<string, string>> {
  if (server.dialect === 'postgres')
    return { [`${prefix}_PG_URL`]: server.databaseUrl!, [`${prefix}_PG_SCHEMA`]: server.db.schema! };
  const { rows } = await sql<{ file: string }>`pragma database_list`.execute(server.db.kysely);
  return { [`${prefix}_SQLITE_DIR`]: path.dirname(rows[0].file) };
}

/** Runs the child `entry` with `env` added, and answers once it prints that it listens. */
export async function startChildServer(entry: ChildEntry, env: Record<string, string>): Promise<ChildServer> {
  let output = '';
  const child = spawn(process.execPath, [childScript(entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const started = { process: child, output: () => output };
  await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('ouvindo');
  return started;
}

/** SIGKILL, as a crash: no shutdown hook runs. Answers once the process is gone. */
export function killChild(child: ChildServer): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}
