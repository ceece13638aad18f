import { dynamic, type Db } from '../db/connection';

/**
 * A job queued inside the caller's transaction: it exists only if the work that asks for it commits (a payment and
 * the invoice it owes), and a crash between the two leaves neither. The runner finds it on its next poll; the caller
 * may `jobs.wake()` after the commit. A `key` already queued is kept as it is.
 */
export async function enqueueIn(
  trx: Db,
  kind: string,
  payload: unknown,
  options: { key: string; maxAttempts: number },
): Promise<void> {
  const now = new Date().toISOString();
  await dynamic(trx)
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload ?? {}),
      key: options.key,
      status: 'pending',
      attempts: 0,
      max_attempts: options.maxAttempts,
      run_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
