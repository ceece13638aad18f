import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbiddenMessage } from '../../resources/permissions';
import { messages } from '../../resources/format';
import type { Area, AreaContext } from '../area';
import { mayAccess } from '../auth/routes';
import { optionalDateSchema } from '../crud/values';
import { dynamic, type Db } from '../db/connection';
import { ApiError, idParam, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';
import { registrationInReach } from '../registrations/queries';
import { planStart } from './instalments';
import type { Charge } from './queries';
import { createCharges } from './service';

export interface PaymentPlan {
  id: number;
  name: string;
  service_type_id: number;
  payment_type_id: number;
  instalments: number;
  value_cents: number;
  due_day: number;
  first_month: string;
}

export const PLAN_NOT_FOUND = 'Plano de pagamento não encontrado.';
export const SELECT_PLAN = 'Selecione o plano de pagamento.';
export const planAlreadyApplied = (name: string) => `Esta matrícula já tem as cobranças do plano “${name}”.`;

export async function planById(db: Db, id: number): Promise<PaymentPlan | undefined> {
  const row = await dynamic(db).selectFrom('payment_plans').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: String(row.name),
    service_type_id: Number(row.service_type_id),
    payment_type_id: Number(row.payment_type_id),
    instalments: Number(row.instalments),
    value_cents: Number(row.value_cents),
    due_day: Number(row.due_day),
    first_month: String(row.first_month),
  };
}

/** The plan of a request's body, or a 422 naming `payment_plan_id`. */
export async function planOr422(db: Db, id: number): Promise<PaymentPlan> {
  const plan = await planById(db, id);
  if (!plan) throw validationError({ payment_plan_id: [PLAN_NOT_FOUND] });
  return plan;
}

/**
 * A plan's charges on one registration, through the one way charges are created (quotas from the next free one,
 * references checked, audit): instalment i due on the plan's day of month first_month + i, clamped to the
 * month's end; `firstDue` moves the first one, and the others keep its day.
 */
export function applyPlan(
  db: Db,
  registrationId: number,
  plan: PaymentPlan,
  firstDue: string | null | undefined,
  userId: number | undefined,
): Promise<Charge[]> {
  const { first: due_date, day } = planStart(plan, firstDue);
  return createCharges(
    db,
    {
      registration_id: registrationId,
      value_cents: plan.value_cents,
      due_date,
      service_type_id: plan.service_type_id,
      payment_type_id: plan.payment_type_id,
    },
    plan.instalments,
    userId,
    // Both callers hold a registration they just found or created.
    { id: plan.id, day, refused: planAlreadyApplied(plan.name), referencesChecked: true },
  );
}

/** `payment_plan_id` of an enrolment's body: absent, null or blank is none. */
export const optionalPlanSchema = z.preprocess(
  (v) => (v === '' ? null : v),
  idSchema(SELECT_PLAN).nullable().optional(),
);

/** Applying a plan while enrolling needs the finance permission too: the 403 as the guard words it. */
export function assertMayApplyPlans(request: FastifyRequest): void {
  if (request.user && !mayAccess(request.user, 'finance.write'))
    throw new ApiError(403, forbiddenMessage('finance.write'));
}

const applySchema = z.object({
  payment_plan_id: z.preprocess((v) => (v === '' ? null : v), idSchema(SELECT_PLAN)),
  first_due_date: optionalDateSchema(messages.date('Primeiro vencimento'), messages.dateRange('Primeiro vencimento')),
});

function registerPlanRoutes(app: FastifyInstance, { db }: AreaContext): void {
  app.post<{ Params: { id: string } }>(
    '/registrations/:id/apply-plan',
    { config: { access: 'finance.write' } },
    async (request, reply) => {
      const id = await registrationInReach(db, request.teams, idParam(request.params.id));
      const input = parseOr422(applySchema, request.body ?? {});
      const plan = await planOr422(db, input.payment_plan_id);
      const charges = await applyPlan(db, id, plan, input.first_due_date, request.user?.id);
      reply.status(201);
      return {
        data: charges,
        message: `${charges.length} ${charges.length === 1 ? 'pendência financeira adicionada' : 'pendências financeiras adicionadas'} com sucesso!`,
      };
    },
  );
}

/** Payment plans: the resource is config-driven (resources/payment-plans.ts); this adds applying one. */
export const plansArea: Area = {
  routes: registerPlanRoutes,
  dependents: {
    'payment-plans': [
      {
        table: 'financials',
        foreignKey: 'payment_plan_id',
        singular: 'pendência financeira',
        plural: 'pendências financeiras',
      },
    ],
  },
};
