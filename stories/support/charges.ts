/** Charges as GET /api/charges answers them (resources/charges.ts): a late one, an open one, a paid one. */
const charge = (
  id: number,
  student: [number, string],
  quota: number,
  due_date: string,
  paid: { pay_day: string; payment_type: string } | null,
) => ({
  id,
  student: [{ id: student[0], name: student[1] }],
  team: [{ id: 3, name: 'Técnico em Enfermagem Castanhal 2026' }],
  service_type_id: 1,
  service_type: { id: 1, name: 'Mensalidade' },
  quota,
  value: 450,
  value_cents: 45000,
  due_date,
  paid: paid ? 1 : 0,
  pay_day: paid?.pay_day ?? null,
  payment_type_id: paid ? 3 : null,
  payment_type: paid ? { id: 3, name: paid.payment_type } : null,
  created_at: '2026-01-20T13:00:00Z',
});

export const SCHOOL_CHARGES = [
  charge(412, [7, 'José Antônio da Silva Brandão de Albuquerque Cavalcanti'], 3, '2026-03-10', null),
  charge(413, [8, 'Maria Eduarda Conceição dos Santos'], 4, '2026-04-10', null),
  charge(398, [9, 'Ana Beatriz Figueiredo Lima'], 2, '2026-02-10', { pay_day: '2026-02-09', payment_type: 'PIX' }),
];
