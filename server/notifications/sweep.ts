import type { FastifyBaseLogger } from 'fastify';
import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { queuePush } from '../push/delivery';
import { loadSettings } from '../school/routes';
import { amountsDueOn } from '../finance/amount-due-of';
import { pendingEvents, type AmountsToday, type FamilyEvent } from './events';
import { recipientsOf, type Recipient } from './recipients';

/**
 * Claims one message: the row's unique (event, recipient) lets exactly one claimer through, whichever instance
 * or sweep gets there first; the others insert nothing and are answered no row. Claimed in the transaction that
 * writes the message to the outbox: a crash between the two leaves neither, and the next sweep tells it.
 */
async function claim(db: Db, event: FamilyEvent, recipient: Recipient, now: string): Promise<boolean> {
  const row = await dynamic(db)
    .insertInto('notifications')
    .values({
      event: event.key,
      recipient: recipient.key,
      student_id: event.studentId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['event', 'recipient']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What was already told of these events, as 'event|recipient' (read in slices: bound parameters are limited). */
async function alreadyTold(db: Db, keys: string[]): Promise<Set<string>> {
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

export interface SweepOptions {
  appUrl: string;
  now?: Date;
  log?: FastifyBaseLogger;
  /** Web Push: each notice also goes to the devices the recipient opted in, sent after the sweep. */
  push?: { deliverSoon(): void };
}

/**
 * Tells families what happened (grades published, documents issued, charges due or overdue), one e-mail per event
 * per recipient through the outbox; returns how many were written. Safe to run anywhere at any time: what was
 * already told is claimed, so a second sweep, or another instance's, writes nothing again.
 */
export async function sweepNotifications(db: Db, mailer: Mailer, options: SweepOptions): Promise<number> {
  const now = options.now ?? new Date();
  const today = schoolDayOf(now);
  const { notifications: settings, school_name: school } = await loadSettings(db);
  const k = dynamic(db);
  // Only the charges a reminder is about are priced, with their enrolments' scholarships: none most minutes.
  const amountsToday: AmountsToday = async (charges) => {
    if (charges.length === 0) return [];
    const dueOn = await amountsDueOn(db, today, [...new Set(charges.map((c) => Number(c.registration_id)))]);
    return charges.map((c) => dueOn(c).total);
  };
  const events = await pendingEvents(k, settings, now, today, amountsToday);
  if (!events.length) return 0;
  const told = await alreadyTold(db, [...new Set(events.map((e) => e.key))]);
  const family = await recipientsOf(
    k,
    events.filter((e) => e.who === 'family').map((e) => e.studentId),
    'family',
    today,
  );
  const payers = await recipientsOf(
    k,
    events.filter((e) => e.who === 'payer').map((e) => e.studentId),
    'payer',
    today,
  );
  const portal = `${options.appUrl.replace(/\/$/, '')}/portal`;
  let written = 0;
  for (const event of events) {
    const recipients = (event.who === 'family' ? family : payers).get(event.studentId) ?? [];
    for (const recipient of recipients) {
      if (told.has(`${event.key}|${recipient.key}`)) continue;
      const wrote = await inTransaction(db, async (tx) => {
        if (!(await claim(tx, event, recipient, now.toISOString()))) return false;
        await mailer.send(
          {
            to: recipient.email,
            subject: event.subject,
            text:
              `Olá, ${recipient.name}.\n\n${event.body}\n\nAcesse o portal das famílias: ${portal}${event.portalPath ?? ''}\n\n` +
              `${school}\n\nEste é um aviso automático; para não recebê-lo, fale com a secretaria da escola.`,
          },
          tx,
        );
        if (options.push)
          await queuePush(
            tx,
            recipient.key,
            { title: event.subject, body: event.body, url: `/portal${event.portalPath ?? ''}` },
            now.toISOString(),
          );
        return true;
      });
      if (wrote) written++;
    }
  }
  if (written) {
    mailer.deliverSoon();
    options.push?.deliverSoon();
    options.log?.info({ written }, 'family notifications written to the outbox');
  }
  return written;
}
