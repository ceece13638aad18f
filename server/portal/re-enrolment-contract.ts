import { createHash } from 'node:crypto';
import { formatBRL, formatDate } from '../../resources/format';
import { renderContractFor } from '../contracts/contract';
import { dynamic, type Db } from '../db/connection';
import { payerOf, type PayerRecord } from '../guardians/payer';
import { ApiError } from '../http/errors';
import { planById } from '../finance/plans';
import type { Storage } from '../storage/storage';
import { changesOf, type OpenRequest } from './re-enrolment-state';

export const NO_PLAN_YET = 'Escolha o plano de pagamento antes de ler o contrato.';

/** Where the request's payer comes from: the financial responsible with the changes the family proposed. */
export async function requestPayer(db: Db, request: OpenRequest): Promise<PayerRecord | undefined> {
  const payer = await payerOf(dynamic(db), request.student_id);
  if (!payer || payer.guardian_id === null) return payer;
  const proposed = changesOf(request).guardians?.find((g) => g.id === payer.guardian_id)?.values ?? {};
  return { ...payer, ...(proposed as Partial<PayerRecord>) };
}

/**
 * The contract of the request as the family will sign it: the target team, the plan chosen, the data as proposed,
 * no registration number yet. Rendered once and kept (storage key and SHA-256 on the request), so every reading
 * answers the same bytes and the hash the family signs is the file it read; a change of plan or data clears it
 * (re-enrolment-routes.ts) and the next reading makes a new one.
 */
export async function requestContract(
  db: Db,
  storage: Storage,
  request: OpenRequest,
): Promise<{ pdf: Buffer; sha256: string }> {
  if (request.contract_key) {
    const stored = await storage.get(request.contract_key);
    if (stored) return { pdf: stored, sha256: createHash('sha256').update(stored).digest('hex') };
    // The file is gone (a restore without it): the reference goes too and a new contract is made.
    await dynamic(db)
      .updateTable('enrolment_requests')
      .set({ contract_key: null, contract_sha256: null })
      .where('id', '=', request.id)
      .where('contract_key', '=', request.contract_key)
      .execute();
  }
  const plan = request.payment_plan_id ? await planById(db, request.payment_plan_id) : undefined;
  if (!plan || request.to_team_id === null) throw new ApiError(422, NO_PLAN_YET, { plan_id: [NO_PLAN_YET] });
  const k = dynamic(db);
  const student = await k.selectFrom('students').selectAll().where('id', '=', request.student_id).executeTakeFirst();
  const payer = await requestPayer(db, request);
  if (!student || !payer) throw new ApiError(422, 'O aluno não tem responsável financeiro cadastrado.');
  const proposed = changesOf(request).student ?? {};
  const appendix =
    `Plano de pagamento: ${plan.name} — ${plan.instalments} parcela(s) de ${formatBRL(plan.value_cents)}, ` +
    `com vencimento no dia ${plan.due_day}, a partir de ${formatDate(`${plan.first_month}-01`).slice(3)}.`;
  const pdf = await renderContractFor(
    db,
    {
      student: { ...student, ...proposed },
      payer,
      team_id: request.to_team_id,
      number: 'a atribuir na matrícula',
      template_id: request.offer.contract_template_id,
      appendix,
      footer: `Contrato de ${request.campaign.kind === 'matricula' ? 'matrícula' : 'rematrícula'} ${request.campaign.year}`,
    },
    undefined,
  );
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const key = await storage.put('contracts', 'pdf', pdf);
  // Two readings racing: the first kept wins, the other's file goes and its reader gets the kept one.
  const kept = await k
    .updateTable('enrolment_requests')
    .set({ contract_key: key, contract_sha256: sha256, updated_at: new Date().toISOString() })
    .where('id', '=', request.id)
    .where('contract_key', 'is', null)
    .executeTakeFirst();
  if (Number(kept.numUpdatedRows) === 1) return { pdf, sha256 };
  await storage.delete(key);
  const row = await k
    .selectFrom('enrolment_requests')
    .select('contract_key')
    .where('id', '=', request.id)
    .executeTakeFirstOrThrow();
  return requestContract(db, storage, { ...request, contract_key: row.contract_key ?? null });
}
