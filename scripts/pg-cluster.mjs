// The one way to make a throwaway PostgreSQL for the tests: a cluster of its own in a temporary
// directory, on a port the kernel says is free and a private socket directory, so it never clashes
// with a system cluster or another run. `npm test` starts one when TEST_DATABASE_URL is not set.
//
//   node scripts/pg-cluster.mjs           starts one, prints TEST_DATABASE_URL=…, and keeps it until
//                                         Ctrl-C / SIGTERM, then stops it and deletes its directory.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { treeCpuSeconds } from './cpu-time.mjs';

/** The bin directory of the newest installed PostgreSQL (Debian's layout), or null. */
export function findPgBin() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: then the cluster belongs to the `postgres` user, as Debian's do. */
function owner() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/**
 * Starts a cluster and answers its URL and a `stop()` that is safe to call twice, from an exit
 * handler too (it is synchronous). Throws with PostgreSQL's own log when the cluster does not start.
 */
export async function startCluster(pgBin = findPgBin()) {
  if (!pgBin) throw new Error('PostgreSQL não encontrado em /usr/lib/postgresql/*/bin.');
  const user = owner();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretaria-pg-'));
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  // cwd "/": the postgres user may not be allowed to enter the directory we were started from.
  const run = (tool, args) => spawnSync(path.join(pgBin, tool), args, { ...user, cwd: '/', encoding: 'utf8' });

  let running = false;
  const stop = () => {
    if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    running = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const init = run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  if (init.status !== 0) {
    stop();
    throw new Error(`initdb falhou:\n${init.stderr || init.stdout}`);
  }
  // The free port may be taken between asking and listening: then another one is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    const started = run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
    if (started.status === 0) {
      running = true;
      // The postmaster's CPU with that of its ended backends (what `npm test` prints beside the API stage).
      const cpuSeconds = () => {
        const pid = fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0];
        return treeCpuSeconds(pid);
      };
      return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop, cpuSeconds };
    }
    if (attempt === 3) {
      const output = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : started.stderr;
      stop();
      throw new Error(`O PostgreSQL descartável não iniciou:\n${output}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cluster = await startCluster();
  process.on('exit', cluster.stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(0));
  console.log(`TEST_DATABASE_URL=${cluster.url}`);
  console.log('PostgreSQL descartável no ar; Ctrl-C para parar e apagar.');
  setInterval(() => {}, 1 << 30);
}
