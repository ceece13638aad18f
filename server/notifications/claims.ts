import { dynamic, type Db } from '../db/connection';

/**
 * Claims one message: the row's unique (event, recipient) lets exactly one claimer through, whichever instance
 * or sweep gets there first; the others insert nothing and are answered no row. Claimed in the transaction that
 * writes the message to the outbox: a crash between the two leaves neither, and the next sweep tells it.
 */
export async function claimNotice(
  db: Db,
  notice: { event: string; recipient: string; studentId: number | null },
  now: string,
): Promise<boolean> {
  const row = await dynamic(db)
    .insertInto('notifications')
    .values({
      event: notice.event,
      recipient: notice.recipient,
      student_id: notice.studentId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['event', 'recipient']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What was already told of these events, as 'event|recipient' (read in slices: bound parameters are limited). */
export async function alreadyTold(db: Db, keys: string[]): Promise<Set<string>> {
  const told = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await dynamic(db)
      .selectFrom('notifications')
      .select(['event', 'recipient'])
      .where('event', 'in', keys.slice(i, i + 500))
      .execute();
    for (const r of rows) told.add(`${r.event}|${r.recipient}`);
  }
  return told;
}
