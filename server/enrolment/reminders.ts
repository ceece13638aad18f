import { PENDING_STATUSES } from '../../resources/enrolment-campaigns';
import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { recipientsOf } from '../notifications/recipients';
import { loadSettings } from '../school/routes';
import { inviteFamilies, mailInvitations } from './invitations';

/** A family is reminded at most once in this long. */
export const REMIND_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Reminds each family still to act (status pendente or devolvido) in the open campaigns (or in `campaignId`): one
 * e-mail through the outbox per request a day at most. The request is claimed by moving its `reminded_at` on with a
 * conditional update in the transaction that writes the e-mail: of two instances, or a sweep and the office's button,
 * only the one that moved it writes, and a crash between the two leaves neither. Answers how many were written.
 */
export async function remindPending(
  db: Db,
  mailer: Mailer,
  options: { appUrl: string; now?: Date; campaignId?: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const today = schoolDayOf(now);
  const cutoff = new Date(now.getTime() - REMIND_EVERY_MS).toISOString();
  const k = dynamic(db);
  let query = k
    .selectFrom('enrolment_requests as r')
    .innerJoin('enrolment_campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['r.id', 'r.student_id', 'r.status', 's.name', 'c.closes_on', 'y.year'])
    .where('r.status', 'in', PENDING_STATUSES)
    .where('c.opens_on', '<=', today)
    .where('c.closes_on', '>=', today)
    .where((eb) => eb.or([eb('r.reminded_at', 'is', null), eb('r.reminded_at', '<=', cutoff)]));
  if (options.campaignId !== undefined) query = query.where('c.id', '=', options.campaignId);
  const due = await query.orderBy('r.id').execute();
  if (!due.length) return 0;
  const recipients = await recipientsOf(
    k,
    due.map((r) => Number(r.student_id)),
    'payer',
    today,
  );
  const school = (await loadSettings(db)).school_name;
  const portal = `${options.appUrl.replace(/\/$/, '')}/portal`;
  let written = 0;
  for (const r of due) {
    const to = recipients.get(Number(r.student_id)) ?? [];
    if (!to.length) continue; // nowhere to write: not claimed, so an e-mail added later is reminded
    const wrote = await inTransaction(db, async (tx) => {
      const claimed = await dynamic(tx)
        .updateTable('enrolment_requests')
        .set({ reminded_at: now.toISOString() })
        .where('id', '=', Number(r.id))
        .where('status', 'in', PENDING_STATUSES)
        .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<=', cutoff)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const closes = String(r.closes_on).split('-').reverse().join('/');
      const returned =
        r.status === 'devolvido' ? ' A secretaria devolveu o pedido com uma observação: veja no portal.' : '';
      for (const recipient of to)
        await mailer.send(
          {
            to: recipient.email,
            subject: `Lembrete: rematrícula ${Number(r.year)} de ${String(r.name)}`,
            text:
              `Olá, ${recipient.name}.\n\nA rematrícula de ${String(r.name)} para ${Number(r.year)} ainda não foi concluída ` +
              `e fica aberta até ${closes}.${returned}\n\nContinue de onde parou no portal das famílias: ${portal}\n\n${school}`,
          },
          tx,
        );
      return true;
    });
    if (wrote) written++;
  }
  if (written) mailer.deliverSoon();
  return written;
}

/**
 * The season's background pass (job `enrolment.sweep`): every re-enrolment campaign open today invites its families
 * (the ones already invited are left as they are) and e-mails the invitation once, then the pending are reminded.
 */
export async function sweepEnrolment(db: Db, mailer: Mailer, options: { appUrl: string; now?: Date }): Promise<number> {
  const today = schoolDayOf(options.now ?? new Date());
  const open = await dynamic(db)
    .selectFrom('enrolment_campaigns')
    .select('id')
    .where('kind', '=', 'rematricula')
    .where('opens_on', '<=', today)
    .where('closes_on', '>=', today)
    .execute();
  let written = 0;
  for (const c of open) {
    await inviteFamilies(db, Number(c.id));
    written += await mailInvitations(db, mailer, Number(c.id), options);
  }
  return written + (await remindPending(db, mailer, options));
}
