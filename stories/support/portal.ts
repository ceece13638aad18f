import type { Charges, Payment, PortalDocument, PortalMe, ReportCard } from '../../src/portal/api';

/**
 * The family portal as the contract answers it (PORTAL-CONTRACT.md), for Ana Paula Oliveira Santos, mother of Lucas
 * (8º ano A) and Beatriz (5º ano B): the stories and the component tests read the same data.
 */
export const PORTAL_ME: PortalMe = {
  account: { id: 4, name: 'Ana Paula Oliveira Santos', email: 'ana.oliveira@gmail.com' },
  students: [
    {
      id: 7,
      name: 'Lucas Oliveira Santos',
      registration_number: '4512',
      team: { id: 3, name: '8º ano A — 2026' },
      photo_url: null,
    },
    {
      id: 8,
      name: 'Beatriz Oliveira Santos',
      registration_number: '4513',
      team: { id: 5, name: '5º ano B — 2026' },
      photo_url: null,
    },
  ],
};

const BIMESTERS = [
  { id: 1, name: '1º bimestre' },
  { id: 2, name: '2º bimestre' },
  { id: 3, name: '3º bimestre' },
  { id: 4, name: '4º bimestre' },
];

/** Lucas's report card in November: three bimesters closed, the fourth still open; Matemática under the minimum. */
export const REPORT_CARD: ReportCard = {
  student: { id: 7, name: 'Lucas Oliveira Santos' },
  team: { id: 3, name: '8º ano A — 2026', year: 2026 },
  stages: BIMESTERS,
  minimum_average: 6,
  minimum_attendance: 75,
  disciplines: [
    {
      id: 7,
      name: 'Língua Portuguesa',
      grades: [7.5, 8, 8.5, null],
      average: 8,
      absences: 18,
      frequency: 87.5,
      result: 'EM CURSO',
    },
    {
      id: 9,
      name: 'Matemática',
      grades: [5, 4.5, 6, null],
      average: 5.2,
      absences: 31,
      frequency: 69.8,
      result: 'EM CURSO',
    },
    {
      id: 11,
      name: 'Ciências',
      grades: [9, 9.5, 10, 9],
      average: 9.4,
      absences: 4,
      frequency: 96.9,
      result: 'APROVADO',
    },
  ],
};

/** November's tuition still open, October's overdue (with the school's fine and interest), September's paid. */
export const PORTAL_CHARGES: Charges = {
  open: [
    {
      id: 311,
      description: 'Mensalidade 10/2026',
      due_date: '2026-10-10',
      value: 68000,
      amount_due_today: 70958,
      overdue: true,
      paid_at: null,
      paid_value: null,
      payment_method: null,
      receipt_url: null,
    },
    {
      id: 312,
      description: 'Mensalidade 11/2026',
      due_date: '2026-12-10',
      value: 68000,
      amount_due_today: 68000,
      overdue: false,
      paid_at: null,
      paid_value: null,
      payment_method: null,
      receipt_url: null,
    },
  ],
  paid: [
    {
      id: 309,
      description: 'Mensalidade 09/2026',
      due_date: '2026-09-10',
      value: 68000,
      amount_due_today: 68000,
      overdue: false,
      paid_at: '2026-09-08',
      paid_value: 68000,
      payment_method: 'pix',
      receipt_url: '/api/portal/students/7/charges/309/receipt',
    },
  ],
};

export const PORTAL_DOCUMENTS: PortalDocument[] = [
  {
    id: 880,
    title: 'Declaração de matrícula',
    issued_at: '2026-03-02T13:10:00.000Z',
    code: 'H3M8-2WZA',
    verify_url: '/verificar/H3M8-2WZA',
    download_url: '/api/portal/students/7/documents/880/file',
  },
  {
    id: 702,
    title: 'Histórico escolar',
    issued_at: '2026-01-20T17:45:00.000Z',
    code: 'R9T4-6KLB',
    verify_url: '/verificar/R9T4-6KLB',
    download_url: '/api/portal/students/7/documents/702/file',
  },
];

// A real 1×1 PNG (the QR image's place in a story).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const PIX_PAYMENT: Payment = {
  method: 'pix',
  pix: {
    qr_code:
      '00020126580014br.gov.bcb.pix0136a1b2c3d4-e5f6-4789-a012-3456789abcde5204000053039865406709.585802BR' +
      '5925COLEGIO SAO JOSE LTDA6009BELEM62070503***6304B14F',
    qr_code_base64: PNG,
  },
  boleto: null,
  card: null,
  ticket_url: null,
  sandbox: false,
};

export const BOLETO_PAYMENT: Payment = {
  method: 'boleto',
  pix: null,
  boleto: {
    barcode: '23793381286000012345695000063305892770000070958',
    digitable_line: '23793.38128 60000.123456 95000.063305 8 92770000070958',
    url: 'https://pagamentos.exemplo.com.br/boleto/311',
  },
  card: null,
  ticket_url: 'https://pagamentos.exemplo.com.br/boleto/311',
  sandbox: false,
};

/** The demo school's payment simulation: the notice, and the simulation's page with «Pagar (simulação)». */
export const SIMULATED_PIX_PAYMENT: Payment = {
  ...PIX_PAYMENT,
  ticket_url: '/simulacao/pagamentos/sim-311',
  sandbox: true,
};
