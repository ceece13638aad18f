import type { FastifyInstance } from 'fastify';
import { guardians } from '../../resources/guardians';
import { students } from '../../resources/students';
import type { ResourceConfig } from '../../resources/types';
import type { Area, AreaContext } from '../area';
import { audit, diff } from '../audit/log';
import { ResourceRepository } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { applyPlan, planById } from '../finance/plans';
import { ApiError, idParam, notFound } from '../http/errors';
import { createRegistrationList } from '../registrations/service';
import type { ProposedChanges } from '../portal/re-enrolment-changes';

/** Who may accept a family's request: the enrolment season's permission. */
export const ENROLMENT_MANAGE = 'enrolment.manage';

export const REQUEST_NOT_FOUND = 'Pedido de rematrícula não encontrado.';
export const ALREADY_ACCEPTED = 'Este pedido já foi aceito.';
export const NOT_SUBMITTED = 'Só um pedido enviado pela família pode ser aceito.';

/** One proposed change written as the staff screens write it: the row, then its audit entry, in the transaction. */
async function applyChange(
  tx: Db,
  config: ResourceConfig,
  all: ResourceConfig[],
  id: number,
  values: Record<string, unknown>,
  userId: number | undefined,
): Promise<void> {
  if (!Object.keys(values).length) return;
  const writer = new ResourceRepository(tx, config, all);
  const stored = await writer.findById(id);
  if (!stored) return;
  await writer.update(id, values);
  await audit(tx, {
    userId,
    entity: config.name,
    entityId: id,
    action: 'update',
    changes: diff(stored, await writer.findById(id)),
  });
}

/**
 * The paid first instalment (charged on the old registration when the family signed) becomes the plan's first
 * instalment on the new one: the plan's own first charge goes, so nothing is charged twice.
 */
async function moveFirstCharge(tx: Db, chargeId: number, registrationId: number, planId: number, userId?: number) {
  const k = dynamic(tx);
  const made = await k
    .selectFrom('financials')
    .select(['id', 'quota', 'due_date'])
    .where('registration_id', '=', registrationId)
    .where('payment_plan_id', '=', planId)
    .where('plan_instalment', '=', 1)
    .executeTakeFirst();
  if (!made) return;
  await k.deleteFrom('financials').where('id', '=', made.id).execute();
  await audit(tx, { userId, entity: 'financials', entityId: Number(made.id), action: 'delete', changes: {} });
  const moved = { registration_id: registrationId, payment_plan_id: planId, plan_instalment: 1, quota: made.quota };
  await k.updateTable('financials').set(moved).where('id', '=', chargeId).execute();
  await audit(tx, { userId, entity: 'financials', entityId: chargeId, action: 'update', changes: moved });
}

/**
 * Accepts a family's request, all in one transaction: the request is claimed first (enviado → aceito, so a second
 * acceptance, in parallel or later, finds nothing to claim and enrols no one), the proposed changes are written,
 * the student is enrolled in the target team on the first day of the target year (the rollover's way), the plan's
 * charges are made with the paid first instalment moved in, and the registration is recorded on the request.
 */
export async function acceptRequest(ctx: AreaContext, id: number, userId: number | undefined) {
  return inTransaction(ctx.db, async (tx) => {
    const k = dynamic(tx);
    const now = new Date().toISOString();
    const claimed = await k
      .updateTable('enrolment_requests')
      .set({ status: 'aceito', decided_at: now, decided_by: userId ?? null, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'enviado')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      const row = await k.selectFrom('enrolment_requests').select('status').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(REQUEST_NOT_FOUND);
      throw row.status === 'aceito' ? new ApiError(409, ALREADY_ACCEPTED) : new ApiError(422, NOT_SUBMITTED);
    }
    const request = await k
      .selectFrom('enrolment_requests as r')
      .innerJoin('enrolment_campaigns as c', 'c.id', 'r.campaign_id')
      .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
      .select(['r.student_id', 'r.to_team_id', 'r.payment_plan_id', 'r.changes', 'r.first_charge_id', 'y.start_date'])
      .where('r.id', '=', id)
      .executeTakeFirstOrThrow();
    if (request.student_id == null || request.to_team_id == null)
      throw new ApiError(422, 'O pedido não tem aluno ou turma de destino.');
    const changes = (request.changes ? JSON.parse(String(request.changes)) : {}) as ProposedChanges;
    if (changes.student)
      await applyChange(tx, students, ctx.resources, Number(request.student_id), changes.student, userId);
    for (const g of changes.guardians ?? []) await applyChange(tx, guardians, ctx.resources, g.id, g.values, userId);
    const start = String(request.start_date);
    const [registration] = await createRegistrationList(
      tx,
      [{ student_id: Number(request.student_id), team_id: Number(request.to_team_id), enrolled_on: start }],
      userId,
      start,
    );
    const plan = request.payment_plan_id != null ? await planById(tx, Number(request.payment_plan_id)) : undefined;
    if (plan) {
      await applyPlan(tx, registration.id, plan, null, userId);
      if (request.first_charge_id != null)
        await moveFirstCharge(tx, Number(request.first_charge_id), registration.id, plan.id, userId);
    }
    await k.updateTable('enrolment_requests').set({ registration_id: registration.id }).where('id', '=', id).execute();
    return { registration_id: registration.id };
  });
}

/** The office's acceptance of a family's request (`POST /api/enrolment-requests/{id}/accept`). */
export const enrolmentAcceptArea: Area = {
  routes(app: FastifyInstance, ctx: AreaContext) {
    app.post<{ Params: { id: string } }>(
      '/enrolment-requests/:id/accept',
      { config: { access: ENROLMENT_MANAGE } },
      async (request) => {
        const done = await acceptRequest(ctx, idParam(request.params.id), request.user?.id);
        return { data: done, message: 'Rematrícula aceita: aluno matriculado na nova turma.' };
      },
    );
  },
};
