import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { errorText } from './error-text';

/**
 * Leases of the job runner. A claimed job or recurring task is an instance's for a short lease (a minute by
 * default), renewed while its handler runs: a dead instance's work is taken over within the lease, not after the
 * longest run anyone planned for. And an instance is named after its process slot (host, address and port, or
 * INSTANCE_NAME): a server starting in the slot of one that died releases that one's leases at once, so a single
 * server that crashed mid-task runs the task again as soon as it is back.
 */

/** `locked_by` holds at most 40 characters: the slot's hash (16) and this process's own random part (16). */
const SLOT_TAG_LENGTH = 16;

/** The slot's mark that every incarnation in it shares. */
const slotTag = (slot: string) => createHash('sha256').update(slot).digest('hex').slice(0, SLOT_TAG_LENGTH);

/** This process's name in `locked_by`: its slot's mark and a random part (a random name only, without a slot). */
export function instanceName(slot: string | undefined): string {
  const own = randomBytes(8).toString('hex');
  return slot ? `${slotTag(slot)}.${own}` : own;
}

/** The leases an earlier process of this slot held: `locked_by` of the slot's mark but not this process's name. */
function ofEarlierIncarnation(instance: string) {
  const dot = instance.indexOf('.');
  const tag = dot === SLOT_TAG_LENGTH ? instance.slice(0, dot) : undefined;
  return tag ? { like: `${tag}.%`, not: instance } : undefined;
}

/**
 * Releases what an earlier process of this slot held when it died: its recurring tasks are due at once (the run it
 * was in the middle of is done again), its one-off jobs are free to be claimed (their try was counted). Called once
 * the server listens: a second process started in a slot already taken fails to listen before it gets here.
 */
export async function releaseEarlierLeases(db: Db, instance: string): Promise<{ tasks: number; jobs: number }> {
  const earlier = ofEarlierIncarnation(instance);
  if (!earlier) return { tasks: 0, jobs: 0 };
  const k = dynamic(db);
  const now = new Date().toISOString();
  const tasks = await k
    .updateTable('job_schedules')
    .set({ locked_by: null, locked_until: null, next_run_at: now, updated_at: now })
    .where('locked_by', 'like', earlier.like)
    .where('locked_by', '<>', earlier.not)
    .executeTakeFirst();
  const jobs = await k
    .updateTable('jobs')
    // Ended long ago: claimable as any abandoned job, or given up if that was its last try (runner.giveUpLost).
    .set({ locked_until: new Date(0).toISOString(), updated_at: now })
    .where('status', '=', 'running')
    .where('locked_by', 'like', earlier.like)
    .where('locked_by', '<>', earlier.not)
    .executeTakeFirst();
  return { tasks: Number(tasks.numUpdatedRows), jobs: Number(jobs.numUpdatedRows) };
}

/**
 * Runs `work` while renewing its lease every third of the lease (`renew` moves `locked_until` a lease ahead where
 * the row is still this instance's). A renewal that fails is tried at the next beat; the lease ends on its own if
 * the process dies.
 */
export async function whileRenewing<T>(
  leaseMs: number,
  renew: (until: string) => Promise<unknown>,
  work: () => Promise<T>,
  log?: FastifyBaseLogger,
): Promise<T> {
  const beat = setInterval(
    () =>
      void renew(new Date(Date.now() + leaseMs).toISOString()).catch((error: unknown) =>
        log?.warn({ reason: errorText(error) }, 'job lease not renewed'),
      ),
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  beat.unref();
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
