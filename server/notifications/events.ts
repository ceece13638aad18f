import { documentTypeName } from '../../resources/documents';
import { formatBRL, formatDate } from '../../resources/format';
import type { NotificationSettings } from '../school/routes';
import type { Q } from '../guardians/queries';
import { stageName } from './publications';

/** Something a family is told of, once per recipient. */
export interface FamilyEvent {
  /** Unique per happening: 'grades:12', 'document:40', 'charge-due:7:2026-12-10'. */
  key: string;
  studentId: number;
  /** 'family': every guardian linked; 'payer': the financial responsible. */
  who: 'family' | 'payer';
  subject: string;
  /** The message's body after the greeting, and before the link to the portal. */
  body: string;
  /** Where in the portal it is seen (`/alunos/9`: the student's page, where a charge is paid); default its home. */
  portalPath?: string;
}

/** How far back a publication or a document is still news: a server down for a while catches up on its day. */
export const NEWS_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * An overdue reminder goes from the N-th day after the due date for a week (a server down for a while catches up), not
 * for every old debt when the feature arrives.
 */
export const OVERDUE_WINDOW_DAYS = 7;

/** A stage's grades published for a team: every active student enrolled in it. */
async function gradeEvents(k: Q, since: string): Promise<FamilyEvent[]> {
  const rows = await k
    .selectFrom('grade_publications as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('stages as s', 's.id', 'p.stage_id')
    .innerJoin('registrations as r', 'r.team_id', 'p.team_id')
    .innerJoin('students as st', 'st.id', 'r.student_id')
    .select(['p.id', 'r.student_id', 'st.name as student', 't.name as team', 's.stage', 's.description'])
    .where('p.created_at', '>=', since)
    // A student who left the school (transferred, evaded) is no longer told of the class's grades.
    .where('st.status', '=', 'Ativo')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    key: `grades:${r.id}`,
    studentId: Number(r.student_id),
    who: 'family',
    subject: `Notas publicadas: ${stageName(r.stage, r.description)} — ${r.student}`,
    body: `As notas de ${stageName(r.stage, r.description)} de ${r.student} (${r.team}) foram publicadas.`,
  }));
}

async function documentEvents(k: Q, since: string): Promise<FamilyEvent[]> {
  const rows = await k
    .selectFrom('documents as d')
    .innerJoin('students as st', 'st.id', 'd.student_id')
    .select(['d.id', 'd.student_id', 'd.type', 'd.code', 'st.name as student'])
    .where('d.created_at', '>=', since)
    // Revoked before the notice went (issue 35): nothing to announce.
    .where('d.revoked_at', 'is', null)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    key: `document:${r.id}`,
    studentId: Number(r.student_id),
    who: 'family',
    subject: `Documento emitido: ${documentTypeName(r.type)} — ${r.student}`,
    body:
      `A escola emitiu o documento "${documentTypeName(r.type)}" de ${r.student}. ` +
      `Código de verificação: ${r.code}.`,
  }));
}

/** Unpaid charges whose due date falls in [from, to] (school days, 'YYYY-MM-DD'). */
function unpaidCharges(k: Q, from: string, to: string) {
  return k
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .innerJoin('students as st', 'st.id', 'r.student_id')
    .leftJoin('service_types as t', 't.id', 'f.service_type_id')
    .select([
      'f.id',
      'f.due_date',
      'f.value_cents',
      'f.registration_id',
      'f.quota',
      'r.student_id',
      'st.name as student',
      't.name as service',
    ])
    .where('f.paid', '=', 0)
    .where('f.due_date', '>=', from)
    .where('f.due_date', '<=', to)
    .orderBy('f.id')
    .execute();
}

const chargeName = (c: { service: string | null; quota: number | string }) =>
  `${c.service ?? 'Cobrança'} (parcela ${Number(c.quota)})`;

/**
 * What the family pays if they pay today, in centavos, for each of some charges: their amounts due
 * (server/finance/amount-due-of.ts), priced together.
 */
export type AmountsToday = (
  charges: {
    registration_id: number | string;
    value_cents: number | string;
    due_date: string;
  }[],
) => Promise<number[]>;

/** Where a reminder sends the family to pay: the student's page in the portal (section Financeiro). */
const payAt = (student: string) =>
  `Para pagar por PIX, boleto ou cartão, acesse a seção Financeiro de ${student} no portal das famílias (link abaixo).`;

/** The day `days` after (or before, negative) a school day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function dueEvents(k: Q, today: string, days: number, amountsToday: AmountsToday): Promise<FamilyEvent[]> {
  const rows = await unpaidCharges(k, addDays(today, 1), addDays(today, days));
  const amounts = await amountsToday(rows);
  return rows.map((c, i) => ({
    key: `charge-due:${c.id}:${c.due_date}`,
    studentId: Number(c.student_id),
    who: 'payer',
    subject: `Cobrança vence em ${formatDate(c.due_date)} — ${c.student}`,
    body:
      `${chargeName(c)} de ${c.student}, no valor de ${formatBRL(amounts[i])}, ` +
      `vence em ${formatDate(c.due_date)}. ${payAt(c.student)}`,
    portalPath: `/alunos/${c.student_id}`,
  }));
}

/** Charges `days` days or more past their due date (up to a week more), still unpaid: one reminder each. */
async function overdueEvents(k: Q, today: string, days: number, amountsToday: AmountsToday): Promise<FamilyEvent[]> {
  const last = addDays(today, -days);
  const rows = await unpaidCharges(k, addDays(last, -(OVERDUE_WINDOW_DAYS - 1)), last);
  const amounts = await amountsToday(rows);
  return rows.map((c, i) => ({
    key: `charge-overdue:${c.id}:${c.due_date}`,
    studentId: Number(c.student_id),
    who: 'payer',
    subject: `Cobrança vencida — ${c.student}`,
    body:
      `${chargeName(c)} de ${c.student} venceu em ${formatDate(c.due_date)} e ainda não consta como paga. ` +
      `Valor a pagar hoje: ${formatBRL(amounts[i])}. ${payAt(c.student)} ` +
      `Se já pagou, desconsidere este aviso.`,
    portalPath: `/alunos/${c.student_id}`,
  }));
}

/** Everything families should hear of now, as the school's switches allow. */
export async function pendingEvents(
  k: Q,
  settings: NotificationSettings,
  now: Date,
  today: string,
  amountsToday: AmountsToday,
): Promise<FamilyEvent[]> {
  const since = new Date(now.getTime() - NEWS_WINDOW_MS).toISOString();
  return [
    ...(settings.grades ? await gradeEvents(k, since) : []),
    ...(settings.documents ? await documentEvents(k, since) : []),
    ...(settings.charge_due ? await dueEvents(k, today, settings.charge_due_days, amountsToday) : []),
    ...(settings.charge_overdue ? await overdueEvents(k, today, settings.charge_overdue_days, amountsToday) : []),
  ];
}
