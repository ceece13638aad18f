import type { PaymentPlan } from '../../src/finance/ApplyPlanDialog';

/** A school's yearly plans (issue 27): the monthly fee of 2027 and a short course paid in three. */
export const PLANS: PaymentPlan[] = [
  {
    id: 1,
    name: 'Mensalidade 2027 — Ensino Fundamental',
    instalments: 12,
    value_cents: 125000,
    due_day: 10,
    first_month: '2027-02',
    service_type: { id: 1, name: 'Mensalidade' },
    payment_type: { id: 4, name: 'Boleto' },
  },
  {
    id: 2,
    name: 'Curso de Férias — Robótica',
    instalments: 3,
    value_cents: 18990,
    due_day: 31,
    first_month: '2027-01',
    service_type: { id: 2, name: 'Curso livre' },
    payment_type: { id: 3, name: 'PIX' },
  },
];

export const PLAN_ENROLMENTS = [
  { id: 42, number: '000042', team: { name: '6º Ano A — Ensino Fundamental 2027' } },
  { id: 43, number: '000043', team: { name: 'Robótica — Férias 2027' } },
];
