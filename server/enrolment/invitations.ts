import { LEAVING_STATUSES } from '../../resources/registrations';
import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { alreadyTold, claimNotice } from '../notifications/claims';
import { recipientsOf } from '../notifications/recipients';
import { loadSettings } from '../school/routes';

const nowIso = () => new Date().toISOString();

/**
 * Opens a re-enrolment campaign to its families: one request per active student of each current team of the campaign
 * (`ON CONFLICT DO NOTHING`: a second click, a second instance or the portal's first look never make two), the
 * guardian being the student's financial responsible. Answers how many requests this call created.
 */
export async function inviteFamilies(db: Db, campaignId: number): Promise<number> {
  const k = dynamic(db);
  const students = await k
    .selectFrom('enrolment_campaign_teams as ct')
    .innerJoin('registrations as r', 'r.team_id', 'ct.from_team_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['s.id as student_id', 'ct.from_team_id', 'ct.to_team_id', 'ct.payment_plan_id'])
    .where('ct.campaign_id', '=', campaignId)
    .where('r.left_on', 'is', null)
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', 'not in', [...LEAVING_STATUSES])]))
    .orderBy('s.id')
    .execute();
  if (!students.length) return 0;
  const payers = await k
    .selectFrom('student_guardians')
    .select(['student_id', 'guardian_id'])
    .where('financial_responsible', '=', 1)
    .where(
      'student_id',
      'in',
      students.map((s) => Number(s.student_id)),
    )
    .orderBy('guardian_id')
    .execute();
  const payerOf = new Map<number, number>();
  for (const p of payers)
    if (!payerOf.has(Number(p.student_id))) payerOf.set(Number(p.student_id), Number(p.guardian_id));
  const at = nowIso();
  let created = 0;
  // A student in two current teams of the campaign is invited once, from the first.
  const seen = new Set<number>();
  const rows = students
    .filter((s) => !seen.has(Number(s.student_id)) && seen.add(Number(s.student_id)))
    .map((s) => ({
      campaign_id: campaignId,
      student_id: Number(s.student_id),
      guardian_id: payerOf.get(Number(s.student_id)) ?? null,
      from_team_id: Number(s.from_team_id),
      to_team_id: Number(s.to_team_id),
      payment_plan_id: s.payment_plan_id == null ? null : Number(s.payment_plan_id),
      step: 'convidado',
      status: 'pendente',
      // The invitation is the first reminder: the next one comes a day later (reminders.ts).
      reminded_at: at,
      created_at: at,
      updated_at: at,
    }));
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await k
      .insertInto('enrolment_requests')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['campaign_id', 'student_id']).doNothing())
      .returning('id')
      .execute();
    created += inserted.length;
  }
  return created;
}

/**
 * E-mails each invited family of the campaign once: the notice is claimed (notifications' unique event and
 * recipient) in the transaction that writes it to the outbox, so that a retry, or two instances, never write twice,
 * and one that failed is written at the next call. Answers how many were written.
 */
export async function mailInvitations(
  db: Db,
  mailer: Mailer,
  campaignId: number,
  options: { appUrl: string; now?: Date },
): Promise<number> {
  const k = dynamic(db);
  const campaign = await k
    .selectFrom('enrolment_campaigns as c')
    .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
    .select(['c.closes_on', 'y.year'])
    .where('c.id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign) return 0;
  const requests = await k
    .selectFrom('enrolment_requests as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select(['r.id', 'r.student_id', 's.name'])
    .where('r.campaign_id', '=', campaignId)
    .execute();
  if (!requests.length) return 0;
  const now = options.now ?? new Date();
  const event = (id: unknown) => `enrolment.invite:${Number(id)}`;
  const told = await alreadyTold(
    db,
    requests.map((r) => event(r.id)),
  );
  const recipients = await recipientsOf(
    k,
    requests.map((r) => Number(r.student_id)),
    'payer',
    schoolDayOf(now),
  );
  const school = (await loadSettings(db)).school_name;
  const portal = `${options.appUrl.replace(/\/$/, '')}/portal`;
  const closes = String(campaign.closes_on).split('-').reverse().join('/');
  let written = 0;
  for (const r of requests) {
    for (const to of recipients.get(Number(r.student_id)) ?? []) {
      if (told.has(`${event(r.id)}|${to.key}`)) continue;
      const wrote = await inTransaction(db, async (tx) => {
        if (
          !(await claimNotice(
            tx,
            { event: event(r.id), recipient: to.key, studentId: Number(r.student_id) },
            now.toISOString(),
          ))
        )
          return false;
        await mailer.send(
          {
            to: to.email,
            subject: `Rematrícula ${Number(campaign.year)}: ${String(r.name)}`,
            text:
              `Olá, ${to.name}.\n\nA rematrícula de ${String(r.name)} para ${Number(campaign.year)} está aberta até ${closes}. ` +
              `Confira os dados, envie os documentos, escolha o plano e assine o contrato pelo portal das famílias: ${portal}\n\n` +
              `${school}`,
          },
          tx,
        );
        return true;
      });
      if (wrote) written++;
    }
  }
  if (written) mailer.deliverSoon();
  return written;
}
