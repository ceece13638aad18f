import type { Charge, FinanceEnrolment } from '../../src/finance/charges';

/** Charges of one enrolment as `/api/students/{id}` carries them, for stories and component tests. */
export function charge(overrides: Partial<Charge> & Pick<Charge, 'id'>): Charge {
  const cents = overrides.value_cents ?? 123456;
  return {
    registration_id: 42,
    value: cents / 100,
    value_cents: cents,
    quota: overrides.id,
    due_date: '2099-03-10',
    pay_day: null,
    paid: 0,
    service_type: { id: 1, name: 'Mensalidade' },
    payment_type: { id: 4, name: 'Boleto' },
    service_type_id: 1,
    payment_type_id: 4,
    observations: null,
    financial_observation: null,
    gateway_response: null,
    user: { name: 'Secretária Ana' },
    updated_user: { name: 'Secretária Ana' },
    paid_user: null,
    version: 1,
    created_at: '2026-01-05T13:00:00.000Z',
    updated_at: '2026-01-05T13:00:00.000Z',
    ...overrides,
  };
}

/** Paid by the office, overdue (due 2020), open (due 2099), and paid through Mercado Pago. */
export const CHARGES: Charge[] = [
  charge({
    id: 1,
    due_date: '2026-02-10',
    paid: 1,
    pay_day: '2026-02-09',
    paid_user: { id: 1, name: 'Secretária Ana' },
    observations: 'Pago no balcão',
  }),
  charge({ id: 2, due_date: '2020-03-10' }),
  charge({ id: 3, due_date: '2099-04-10', value_cents: 15020 }),
  charge({
    id: 4,
    due_date: '2026-05-10',
    paid: 1,
    pay_day: '2026-05-08',
    paid_user: { id: 100, name: 'Mercado Pago' },
    updated_user: { name: 'Mercado Pago' },
    payment_type: { id: 3, name: 'PIX' },
    payment_type_id: 3,
  }),
];

export const ENROLMENTS: FinanceEnrolment[] = [
  { id: 42, number: '000042', team: { id: 7, name: 'Técnico em Enfermagem 2026' }, financials: CHARGES },
  { id: 43, number: '000043', team: { id: 8, name: 'Inglês Básico' }, financials: [] },
];

/** A stored boleto of the provider (unpaid, type 4), tied to the charge by its external reference. */
export const STORED_BOLETO = JSON.stringify({
  id: 9001,
  payment_type_id: 'ticket',
  status: 'pending',
  external_reference: '3',
  transaction_details: { external_resource_url: 'http://127.0.0.1:3000/api/payments/sandbox/9001' },
});

/** A 1×1 PNG, standing for the QR code image. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const PIX_ANSWER = {
  id: 9002,
  sandbox: true,
  payment_type_id: 'bank_transfer',
  transaction_details: { external_resource_url: null },
  point_of_interaction: {
    transaction_data: {
      qr_code:
        '00020126580014br.gov.bcb.pix0136escola-modelo-sandbox@pix.invalid5204000053039865406150.205802BR5913ESCOLA MODELO6006BELEM62070503***6304ABCD',
      qr_code_base64: PNG,
      ticket_url: 'http://127.0.0.1:3000/api/payments/sandbox/9002',
    },
  },
};

/** What an overdue R$ 500,00 asks ten days late: 2 % fine and 10/30 of 1 % interest (issue 27's rules). */
export const OVERDUE_PARTS = { principal: 50000, discount: 0, fine: 1000, interest: 167, total: 51167 };

/** Parcela 2 of Mensalidade, R$ 500,00 due ten days ago, as the student's record carries it (today's amount). */
export const OVERDUE_CHARGE = charge({
  id: 2,
  value_cents: 50000,
  due_date: '2026-11-17',
  payment_type: null,
  payment_type_id: null,
  amount_due: OVERDUE_PARTS,
});

/** The PIX made for it on an earlier visit, waiting for payment (the provider's answer stored on the charge). */
export const STORED_PIX = JSON.stringify({
  ...PIX_ANSWER,
  payment_method_id: 'pix',
  status: 'pending',
  external_reference: '2',
  transaction_amount: 511.67,
  date_created: '2026-11-27T14:03:00.000Z',
});

/** The same charge paid by the mother on the family portal. */
export const PAID_ON_PORTAL = charge({
  ...OVERDUE_CHARGE,
  paid: 1,
  pay_day: '2026-11-27',
  amount_due: null,
  paid_parts: OVERDUE_PARTS,
  paid_user: { id: null, name: 'Maria José da Silva, pelo Portal das famílias' },
  gateway_response: STORED_PIX,
});
