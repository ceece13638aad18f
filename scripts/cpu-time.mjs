// CPU seconds as Linux counts them (/proc), for `npm test`'s stage table: on CI's two cores every stage keeps both
// busy, so a stage's CPU seconds say more about what it costs than its wall time. Elsewhere than Linux: null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond;
function ticks() {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/** Fields 14–17 of /proc/<pid>/stat (own user and system time, then of its waited-for children), in seconds. */
function times(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses (which may hold spaces), field 3 onwards.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { own: (utime + stime) / ticks(), children: (cutime + cstime) / ticks() };
  } catch {
    return null;
  }
}

/**
 * The CPU seconds of this process's children that have ended (and of theirs, when each waited for its own): a
 * step's cost is the difference before and after it.
 */
export function childrenCpuSeconds() {
  return times('self')?.children ?? null;
}

/** A running process's CPU seconds with those of its ended children (a PostgreSQL postmaster and its backends). */
export function treeCpuSeconds(pid) {
  const t = times(pid);
  return t ? t.own + t.children : null;
}
