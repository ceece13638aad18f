/**
 * glibc's malloc keeps what a thread freed for that thread's next allocations, and after the first large block it
 * frees it raises its threshold for asking the kernel directly (up to 32 MiB): each Argon2 hash holds 19 MiB
 * (server/auth/passwords.ts) on one of libuv's four threads, so after a few sign-ins every one of them kept its 19 MiB
 * for good — 60 to 80 MB of an idle server's ~210 MB RSS (issue 37's bench). With the threshold fixed at 1 MiB a
 * block that large is mapped for the hash and given back when it ends: an idle server measures ~130 MB.
 *
 * The setting is read by glibc when the process starts, so the server starts itself again, in place
 * (`process.execve`: the same process id, arguments and output), with GLIBC_TUNABLES set. Nothing happens when the
 * environment already says how malloc should behave (an operator's own GLIBC_TUNABLES with a malloc setting, or
 * MALLOC_MMAP_THRESHOLD_), outside Linux, from source, under a parent with an IPC channel, or on a Node without
 * `process.execve` (before 23.11).
 */
const THRESHOLD = 'glibc.malloc.mmap_threshold=1048576';

/**
 * Plain JavaScript, so that `npm start` (scripts/start.mjs) calls it first of all — its build check and messages then run
 * once, in the restarted process — and the built server's entry (server/main.ts) calls it for a direct start.
 */
export function restartWithMallocSettings() {
  const env = process.env;
  const execve = process.execve;
  if (process.platform !== 'linux' || typeof execve !== 'function') return;
  // The built server only (dist/server/main.mjs: production, the bench, the browser tests); from source (tsx, the API
  // tests' child processes) it starts once, as before.
  if (!process.argv.some((arg) => arg.endsWith('.mjs'))) return;
  if (env.GLIBC_TUNABLES?.includes('glibc.malloc.') || env.MALLOC_MMAP_THRESHOLD_ !== undefined) return;
  // A parent that talks to this process over an IPC channel (`tsx watch`, a fork) would lose it in the new image.
  if (env.NODE_CHANNEL_FD !== undefined) return;
  const tunables = env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${THRESHOLD}` : THRESHOLD;
  try {
    execve.call(process, process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      ...env,
      GLIBC_TUNABLES: tunables,
    });
  } catch {
    // Not allowed here (a sandbox): the server runs as it is, with malloc's defaults.
  }
}
