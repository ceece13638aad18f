import type { ReEnrolment } from '../../src/portal/api';

/**
 * Lucas's re-enrolment for 2027 as GET /api/portal/students/7/re-enrolment answers it: data confirmed, one of two
 * documents sent, the plan chosen, the contract not yet signed. The stories vary it from here.
 */
export const RE_ENROLMENT: ReEnrolment = {
  id: 31,
  campaign: {
    id: 2,
    kind: 'rematricula',
    year: 2027,
    opens_on: '2026-11-03',
    closes_on: '2026-12-15',
    terms: 'Declaro que li o regimento escolar de 2027 e concordo com as normas de convivência.',
  },
  step: 'plano',
  status: 'pendente',
  office_note: null,
  submitted_at: null,
  decided_at: null,
  team: { id: 14, name: '9º ano A — 2027' },
  plans: [
    {
      id: 6,
      name: 'Anuidade 2027 — Fundamental II',
      instalments: 12,
      value: 128_000,
      due_day: 10,
      first_month: '2027-01',
    },
  ],
  plan_id: 6,
  data: {
    student: { id: 7, name: 'Lucas Oliveira Santos', email: 'lucas.santos@gmail.com', phone: '91988123344' },
    guardians: [
      {
        id: 4,
        name: 'Ana Paula Oliveira Santos',
        kinship: 'mae',
        financial_responsible: true,
        email: 'ana.oliveira@gmail.com',
        phone: '91991234567',
        cep: '66035065',
        street: 'Travessa Quintino Bocaiúva',
        number: '1520',
        neighborhood: 'Nazaré',
        city: 'Belém',
      },
    ],
  },
  changes: { guardians: [{ id: 4, values: { phone: '91992345678' } }] },
  documents: [
    {
      name: 'Comprovante de residência',
      uploaded: {
        file_name: 'Comprovante de residência.pdf',
        mime: 'application/pdf',
        size: 245_760,
        at: '2026-11-20',
      },
    },
    { name: 'Declaração de quitação', uploaded: null },
  ],
  contract: { read: false, sha256: null, signed_code: null },
  first_charge: null,
  first_charge_after_acceptance: false,
  debt: null,
  missing: ['documentos', 'assinatura', 'pagamento'],
  next: 'documentos',
};

/** Signed and paid, sent to the office. */
export const RE_ENROLMENT_SENT: ReEnrolment = {
  ...RE_ENROLMENT,
  step: 'pago',
  status: 'enviado',
  submitted_at: '2026-11-24T14:12:00.000Z',
  documents: RE_ENROLMENT.documents.map((d) => ({
    ...d,
    uploaded: d.uploaded ?? { file_name: `${d.name}.jpg`, mime: 'image/jpeg', size: 1_572_864, at: '2026-11-22' },
  })),
  contract: { read: true, sha256: 'a3f1'.repeat(16), signed_code: 'ASS-7K2M-9P4Q' },
  first_charge: { id: 902, value: 128_000, due_date: '2026-11-24', paid: true, paid_at: '2026-11-24' },
  missing: [],
  next: 'situacao',
};

/** Sent back by the office with a note. */
export const RE_ENROLMENT_RETURNED: ReEnrolment = {
  ...RE_ENROLMENT_SENT,
  status: 'devolvido',
  office_note: 'O comprovante de residência está ilegível. Envie uma foto mais nítida, por favor.',
  next: 'enviar',
};
