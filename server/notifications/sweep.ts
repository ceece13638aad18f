import type { FastifyBaseLogger } from 'fastify';
import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { queuePush } from '../push/delivery';
import { loadSettings, type SchoolSettings } from '../school/routes';
import { amountsDueOn } from '../finance/amount-due-of';
import { pendingEvents, type AmountsToday } from './events';
import { alreadyTold, claimNotice } from './claims';
import { recipientsOf } from './recipients';
import { tellTeachers } from './teacher-notices';

export interface SweepOptions {
  appUrl: string;
  now?: Date;
  log?: FastifyBaseLogger;
  /** Web Push: each notice also goes to the devices the recipient opted in, sent after the sweep. */
  push?: { deliverSoon(): void };
}

/**
 * Tells families what happened (grades published, documents issued, charges due or overdue), and teachers the
 * grades of theirs a published stage still lacks (teacher-notices.ts): one e-mail per event per recipient through
 * the outbox, and a push per device opted in; returns how many were written. Safe to run anywhere at any time: what
 * was already told is claimed, so a second sweep, or another instance's, writes nothing again.
 */
export async function sweepNotifications(db: Db, mailer: Mailer, options: SweepOptions): Promise<number> {
  const now = options.now ?? new Date();
  const settings = await loadSettings(db);
  const written =
    (await tellFamilies(db, mailer, options, now, settings)) +
    (await tellTeachers(db, mailer, { appUrl: options.appUrl, school: settings.school_name, now, push: options.push }));
  if (written) {
    mailer.deliverSoon();
    options.push?.deliverSoon();
    options.log?.info({ written }, 'notifications written to the outbox');
  }
  return written;
}

async function tellFamilies(
  db: Db,
  mailer: Mailer,
  options: SweepOptions,
  now: Date,
  { notifications: settings, school_name: school }: SchoolSettings,
): Promise<number> {
  const today = schoolDayOf(now);
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
        if (
          !(await claimNotice(
            tx,
            { event: event.key, recipient: recipient.key, studentId: event.studentId },
            now.toISOString(),
          ))
        )
          return false;
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
  return written;
}
