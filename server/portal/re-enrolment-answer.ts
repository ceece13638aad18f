import { dynamic, type Db } from '../db/connection';
import { chargesWhere } from '../finance/queries';
import { documentsState } from './re-enrolment-documents';
import { reEnrolmentDebtOf } from './re-enrolment-debt';
import { GUARDIAN_FIELDS, STUDENT_FIELDS } from './re-enrolment-changes';
import { changesOf, later, plansOffered, type OpenRequest } from './re-enrolment-state';

/** The steps still missing before the request can be sent to the office, in the words the screen shows. */
export type Missing = 'documentos' | 'plano' | 'assinatura' | 'pagamento';
export const MISSING_WORDS: Record<Missing, string> = {
  documentos: 'enviar os documentos',
  plano: 'escolher o plano',
  assinatura: 'assinar o contrato',
  pagamento: 'pagar a 1ª parcela',
};

async function firstCharge(db: Db, request: OpenRequest) {
  if (request.first_charge_id === null) return null;
  const [charge] = await chargesWhere(db, 'id', [request.first_charge_id]);
  if (!charge) return null;
  return {
    id: charge.id,
    value: charge.value_cents,
    due_date: charge.due_date,
    paid: charge.paid === 1,
    paid_at: charge.paid === 1 ? charge.pay_day : null,
  };
}

/** The student's and guardians' data as stored, the fields a family may propose to change. */
async function currentData(db: Db, studentId: number) {
  const k = dynamic(db);
  const student = await k
    .selectFrom('students')
    .select(['id', 'name', ...STUDENT_FIELDS])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  const guardians = await k
    .selectFrom('student_guardians as sg')
    .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
    .select(['g.id', 'sg.kinship', 'sg.financial_responsible', ...GUARDIAN_FIELDS.map((f) => `g.${f}` as const)])
    .where('sg.student_id', '=', studentId)
    .orderBy('g.id')
    .execute();
  return {
    student: { ...student, id: Number(student.id) },
    guardians: guardians.map((g) => ({
      ...g,
      id: Number(g.id),
      financial_responsible: Number(g.financial_responsible) === 1,
    })),
  };
}

/**
 * The request as the family's screen reads it, and which step to show (`next`): everything resumes where it
 * stopped. A paid first instalment moves the step to 'pago' here, the first time it is seen.
 */
export async function reEnrolmentAnswer(db: Db, request: OpenRequest) {
  const k = dynamic(db);
  const [plans, documents, charge, debt, data] = await Promise.all([
    plansOffered(db, request),
    documentsState(db, request),
    firstCharge(db, request),
    reEnrolmentDebtOf(db, request.student_id),
    currentData(db, request.student_id),
  ]);
  let step = request.step;
  if (charge?.paid && step !== 'pago') {
    step = later(step, 'pago');
    await k.updateTable('enrolment_requests').set({ step }).where('id', '=', request.id).execute();
  }
  const missing: Missing[] = [];
  if (documents.some((d) => !d.uploaded)) missing.push('documentos');
  if (request.payment_plan_id === null) missing.push('plano');
  if (!request.signed_code) missing.push('assinatura');
  if (request.campaign.kind === 'rematricula' && !charge?.paid) missing.push('pagamento');
  const team = request.to_team_id
    ? await k.selectFrom('teams').select(['id', 'name']).where('id', '=', request.to_team_id).executeTakeFirst()
    : undefined;
  const editable = request.status === 'pendente' || request.status === 'devolvido';
  const next = !editable
    ? 'situacao'
    : step === 'convidado' || step === 'aberto'
      ? 'dados'
      : missing.includes('documentos')
        ? 'documentos'
        : missing.includes('plano')
          ? 'plano'
          : missing.includes('assinatura')
            ? 'contrato'
            : missing.includes('pagamento')
              ? 'pagamento'
              : 'enviar';
  return {
    id: request.id,
    campaign: {
      id: request.campaign.id,
      kind: request.campaign.kind,
      year: request.campaign.year,
      opens_on: request.campaign.opens_on,
      closes_on: request.campaign.closes_on,
      terms: request.campaign.terms,
    },
    step,
    status: request.status,
    office_note: request.office_note,
    submitted_at: request.submitted_at,
    decided_at: request.decided_at,
    team: team ? { id: Number(team.id), name: String(team.name) } : null,
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      instalments: p.instalments,
      value: p.value_cents,
      due_day: p.due_day,
      first_month: p.first_month,
    })),
    plan_id: request.payment_plan_id,
    data,
    changes: changesOf(request),
    documents,
    contract: {
      read: request.contract_key !== null,
      sha256: request.contract_sha256,
      signed_code: request.signed_code,
    },
    first_charge: charge,
    // A new family's first instalment is the plan's first charge, made when the office accepts.
    first_charge_after_acceptance: request.campaign.kind === 'matricula',
    debt: debt && debt.total_cents > 0 ? { value: debt.total_cents, charge_ids: debt.charge_ids } : null,
    missing,
    next,
  };
}
