import { schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { planById } from '../finance/plans';
import { createCharges } from '../finance/service';
import { ApiError, validationError } from '../http/errors';
import type { PortalAccount } from './sessions';
import { currentEnrolment } from './queries';
import { requestPayer } from './re-enrolment-contract';
import { reEnrolmentDebtOf } from './re-enrolment-debt';
import type { Signer } from '../signatures';
import type { OpenRequest } from './re-enrolment-state';

export const READ_FIRST = 'Leia o contrato antes de assinar.';
export const ALREADY_SIGNED = 'O contrato já foi assinado.';
export const ONLY_PAYER = 'Só o responsável financeiro do aluno pode assinar o contrato.';
export const debtMessage = 'Há débitos em aberto: quite-os para assinar o contrato da rematrícula.';

/**
 * Who signs: the contract's financial responsible, from their own portal account — the guardian marked so, or the
 * adult student who pays for themself (no guardian is; only an adult has an account of their own: accounts.ts).
 * Another guardian of the child reads the contract but does not sign for the money.
 */
export async function signerOf(db: Db, request: OpenRequest, account: PortalAccount): Promise<Signer> {
  const payer = await requestPayer(db, request);
  const own = payer?.self
    ? account.studentId !== null && account.studentId === request.student_id
    : payer?.guardian_id != null && payer.guardian_id === account.guardianId;
  if (!payer || !own) throw new ApiError(403, ONLY_PAYER);
  const email = payer.email ?? (payer.self ? account.email : null);
  if (!email) throw validationError({ email: ['O responsável financeiro não tem e-mail cadastrado.'] });
  return payer.self
    ? { kind: 'student', id: request.student_id, name: payer.name, cpf: payer.cpf, email }
    : { kind: 'guardian', id: payer.guardian_id!, name: payer.name, cpf: payer.cpf, email };
}

/**
 * The end of the signed contract's term, kept on its signature (`signatures.expires_at`): the contract covers the
 * school year enrolled into, its instalments to December, so it lasts to the later of the year's last day and 31/12,
 * at the end of that day in Brasília. After it the public page answers that the document no longer holds.
 */
export function contractTermEnd(campaign: OpenRequest['campaign']): string {
  const last = [campaign.ends_on, `${campaign.year}-12-31`].sort().at(-1)!;
  return new Date(`${last}T23:59:59.999-03:00`).toISOString();
}

/** What must hold before a code is sent or a signature taken. */
export async function assertMaySign(db: Db, request: OpenRequest): Promise<void> {
  if (request.signed_code) throw new ApiError(409, ALREADY_SIGNED);
  if (!request.contract_key || !request.contract_sha256) throw new ApiError(422, READ_FIRST, { sha256: [READ_FIRST] });
  const debt = await reEnrolmentDebtOf(db, request.student_id);
  if (debt && debt.total_cents > 0) throw new ApiError(422, debtMessage, { debt: [debtMessage] });
}

/**
 * After the signature: the request is signed and, for a re-enrolment, the first instalment is charged on the
 * student's current registration (charges need one), due today, to be paid through the portal's payment. It moves
 * to the new registration on acceptance (server/enrolment/accept.ts). A new family's first instalment is the plan's
 * first charge after acceptance.
 */
export async function recordSignature(db: Db, request: OpenRequest, code: string): Promise<void> {
  const k = dynamic(db);
  const now = new Date().toISOString();
  await k
    .updateTable('enrolment_requests')
    .set({ signed_code: code, step: 'assinado', updated_at: now })
    .where('id', '=', request.id)
    .execute();
  if (request.campaign.kind !== 'rematricula' || request.first_charge_id !== null) return;
  const plan = request.payment_plan_id ? await planById(db, request.payment_plan_id) : undefined;
  const current = await currentEnrolment(db, request.student_id);
  if (!plan || !current) return;
  const [charge] = await createCharges(
    db,
    {
      registration_id: current.id,
      value_cents: plan.value_cents,
      due_date: schoolDayOf(),
      service_type_id: plan.service_type_id,
      payment_type_id: plan.payment_type_id,
      observations: `1ª parcela — Rematrícula ${request.campaign.year}`,
    },
    1,
    undefined,
  );
  await k
    .updateTable('enrolment_requests')
    .set({ first_charge_id: charge.id })
    .where('id', '=', request.id)
    .where('first_charge_id', 'is', null)
    .execute();
}
