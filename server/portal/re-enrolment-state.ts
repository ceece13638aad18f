import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { notFound } from '../http/errors';
import { planById, type PaymentPlan } from '../finance/plans';
import { currentEnrolment } from './queries';
import type { ProposedChanges } from './re-enrolment-changes';

export const NO_RE_ENROLMENT = 'Não há rematrícula aberta para este aluno.';

/** A family's request as stored, with what the routes need of its campaign and campaign team. */
export interface OpenRequest {
  id: number;
  student_id: number;
  step: string;
  status: string;
  payment_plan_id: number | null;
  changes: string | null;
  contract_key: string | null;
  contract_sha256: string | null;
  signed_code: string | null;
  first_charge_id: number | null;
  registration_id: number | null;
  office_note: string | null;
  from_team_id: number | null;
  to_team_id: number | null;
  submitted_at: string | null;
  decided_at: string | null;
  campaign: {
    id: number;
    kind: 'rematricula' | 'matricula';
    year: number;
    /** The last day of the school year enrolled into: the end of the contract's term. */
    ends_on: string;
    opens_on: string;
    closes_on: string;
    documents: string[];
    terms: string | null;
  };
  offer: { payment_plan_id: number | null; contract_template_id: number | null };
}

/** The order of the family's steps: a step never goes back by itself, only forward. */
export const STEPS = ['convidado', 'aberto', 'dados', 'documentos', 'plano', 'assinado', 'pago'] as const;
export const later = (a: string, b: string) => (STEPS.indexOf(a as never) >= STEPS.indexOf(b as never) ? a : b);

function documentsOf(raw: unknown): string[] {
  try {
    const list = JSON.parse(String(raw ?? '[]')) as unknown;
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

async function load(db: Db, requestId: number): Promise<OpenRequest> {
  const k = dynamic(db);
  const r = await k
    .selectFrom('enrolment_requests as r')
    .innerJoin('enrolment_campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
    .selectAll('r')
    .select(['c.kind', 'y.year', 'y.end_date', 'c.opens_on', 'c.closes_on', 'c.documents', 'c.terms'])
    .where('r.id', '=', requestId)
    .executeTakeFirstOrThrow();
  // The campaign team the request follows: by the team it comes from, or (a new family) the team it goes to.
  let offer = k
    .selectFrom('enrolment_campaign_teams')
    .select(['payment_plan_id', 'contract_template_id'])
    .where('campaign_id', '=', r.campaign_id);
  offer = r.from_team_id != null ? offer.where('from_team_id', '=', r.from_team_id) : offer;
  offer = r.to_team_id != null ? offer.where('to_team_id', '=', r.to_team_id) : offer;
  const team = await offer.orderBy('id').executeTakeFirst();
  const num = (v: unknown) => (v == null ? null : Number(v));
  return {
    id: Number(r.id),
    student_id: Number(r.student_id),
    step: String(r.step),
    status: String(r.status),
    payment_plan_id: num(r.payment_plan_id),
    changes: r.changes ?? null,
    contract_key: r.contract_key ?? null,
    contract_sha256: r.contract_sha256 ?? null,
    signed_code: r.signed_code ?? null,
    first_charge_id: num(r.first_charge_id),
    registration_id: num(r.registration_id),
    office_note: r.office_note ?? null,
    from_team_id: num(r.from_team_id),
    to_team_id: num(r.to_team_id),
    submitted_at: r.submitted_at ?? null,
    decided_at: r.decided_at ?? null,
    campaign: {
      id: Number(r.campaign_id),
      kind: r.kind === 'matricula' ? 'matricula' : 'rematricula',
      year: Number(r.year),
      ends_on: String(r.end_date),
      opens_on: String(r.opens_on),
      closes_on: String(r.closes_on),
      documents: documentsOf(r.documents),
      terms: r.terms ?? null,
    },
    offer: { payment_plan_id: num(team?.payment_plan_id), contract_template_id: num(team?.contract_template_id) },
  };
}

/**
 * The student's request in the campaign open for them, created on the family's first look (one per campaign and
 * student, two tabs included: ON CONFLICT DO NOTHING). Open: a re-enrolment campaign of today whose teams lead from
 * the student's current team, or a request a new family's accepted admission made. Otherwise the 404 of the brief.
 */
export async function openRequestOf(db: Db, studentId: number, today = schoolDayOf()): Promise<OpenRequest> {
  const k = dynamic(db);
  // A request already made, in a campaign open today (or a new family's, which lives until the office decides).
  const existing = await k
    .selectFrom('enrolment_requests as r')
    .innerJoin('enrolment_campaigns as c', 'c.id', 'r.campaign_id')
    .select('r.id')
    .where('r.student_id', '=', studentId)
    .where((eb) =>
      eb.or([
        eb.and([eb('c.opens_on', '<=', today), eb('c.closes_on', '>=', today)]),
        eb.and([eb('c.kind', '=', 'matricula'), eb('r.status', '<>', 'aceito')]),
      ]),
    )
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
  if (existing) return firstLook(db, Number(existing.id));
  const current = await currentEnrolment(db, studentId);
  if (!current) throw notFound(NO_RE_ENROLMENT);
  const offer = await k
    .selectFrom('enrolment_campaign_teams as t')
    .innerJoin('enrolment_campaigns as c', 'c.id', 't.campaign_id')
    .select(['c.id as campaign_id', 't.to_team_id'])
    .where('c.kind', '=', 'rematricula')
    .where('t.from_team_id', '=', current.team.id)
    .where('c.opens_on', '<=', today)
    .where('c.closes_on', '>=', today)
    .orderBy('c.id', 'desc')
    .orderBy('t.id')
    .executeTakeFirst();
  if (!offer) throw notFound(NO_RE_ENROLMENT);
  // The financial responsible, as the office's invitation records it: the panel names whom the request is with.
  const payer = await k
    .selectFrom('student_guardians')
    .select('guardian_id')
    .where('student_id', '=', studentId)
    .where('financial_responsible', '=', 1)
    .orderBy('guardian_id')
    .executeTakeFirst();
  const now = new Date().toISOString();
  await k
    .insertInto('enrolment_requests')
    .values({
      campaign_id: offer.campaign_id,
      student_id: studentId,
      guardian_id: payer ? Number(payer.guardian_id) : null,
      from_team_id: current.team.id,
      to_team_id: offer.to_team_id,
      step: 'aberto',
      status: 'pendente',
      opened_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'student_id']).doNothing())
    .execute();
  const row = await k
    .selectFrom('enrolment_requests')
    .select('id')
    .where('campaign_id', '=', offer.campaign_id)
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return firstLook(db, Number(row.id));
}

/**
 * The family's look at a request: one the office's invitation (or the season's sweep) made is opened by it, whichever
 * way the request was found — the panel counts it among those who opened, the card offers "Começar".
 */
async function firstLook(db: Db, id: number): Promise<OpenRequest> {
  const now = new Date().toISOString();
  await dynamic(db)
    .updateTable('enrolment_requests')
    .set({ step: 'aberto', opened_at: now, updated_at: now })
    .where('id', '=', id)
    .where('step', '=', 'convidado')
    .execute();
  return load(db, id);
}

/** The plans a family chooses among: the campaign team's plan (one per target team, as the office set it). */
export async function plansOffered(db: Db, request: OpenRequest): Promise<PaymentPlan[]> {
  const plan = request.offer.payment_plan_id ? await planById(db, request.offer.payment_plan_id) : undefined;
  return plan ? [plan] : [];
}

export function changesOf(request: OpenRequest): ProposedChanges {
  try {
    return request.changes ? (JSON.parse(request.changes) as ProposedChanges) : {};
  } catch {
    return {};
  }
}
