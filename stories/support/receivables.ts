import type { Receivables } from '../../src/admin/receivables';

/**
 * A mid-sized school's money on 26/11/2026: four teams, about 400 tuition charges a month of R$ 450 to R$ 1.280,
 * the default rate climbing after the July holidays. Centavos, as the API answers.
 */
const MONTHS: [string, number, number][] = [
  ['2025-12', 18_450_000, 1_107_000],
  ['2026-01', 18_920_000, 1_324_400],
  ['2026-02', 19_035_000, 1_142_100],
  ['2026-03', 19_035_000, 951_750],
  ['2026-04', 19_102_500, 1_146_150],
  ['2026-05', 19_102_500, 1_337_175],
  ['2026-06', 19_102_500, 1_528_200],
  ['2026-07', 19_102_500, 2_101_275],
  ['2026-08', 19_210_000, 2_305_200],
  ['2026-09', 19_210_000, 2_497_300],
  ['2026-10', 19_210_000, 2_881_500],
  ['2026-11', 19_210_000, 3_457_800],
];

const last = (month: string) => (month === '2026-11' ? '2026-11-25' : `${month}-${month.endsWith('02') ? 28 : 30}`);

export const RECEIVABLES: Receivables = {
  today: '2026-11-26',
  month: '2026-11',
  team_id: null,
  to_receive: { count: 61, total: 3_457_800, filter: { due_from: '2026-11-01', due_to: '2026-11-30', paid: 0 } },
  received: { count: 352, total: 16_284_350, filter: { pay_from: '2026-11-01', pay_to: '2026-11-30', paid: 1 } },
  overdue: { count: 118, total: 7_140_560, filter: { due_to: '2026-11-25', paid: 0 } },
  aging: [
    {
      key: '1-30',
      label: '1 a 30 dias',
      count: 61,
      total: 3_457_800,
      filter: { due_from: '2026-10-27', due_to: '2026-11-25', paid: 0 },
    },
    {
      key: '31-60',
      label: '31 a 60 dias',
      count: 29,
      total: 1_650_300,
      filter: { due_from: '2026-09-27', due_to: '2026-10-26', paid: 0 },
    },
    {
      key: '61-90',
      label: '61 a 90 dias',
      count: 16,
      total: 1_012_460,
      filter: { due_from: '2026-08-28', due_to: '2026-09-26', paid: 0 },
    },
    { key: '91+', label: 'Mais de 90 dias', count: 12, total: 1_020_000, filter: { due_to: '2026-08-27', paid: 0 } },
  ],
  default_rate: MONTHS.map(([month, due, late]) => ({
    month,
    due_total: due,
    late_total: late,
    rate: Math.round((late / due) * 10_000) / 10_000,
    filter: { due_from: `${month}-01`, due_to: last(month) },
  })),
  teams: [
    ['Enfermagem 2026.1', 3, 1_280_000, 5_120_000, 2_944_000, 0.1321],
    ['Enfermagem Castanhal 2026', 4, 640_000, 2_560_000, 1_664_000, 0.1587],
    ['Turma Médio 2026 A', 1, 810_000, 4_455_000, 1_350_000, 0.0612],
    ['Turma Médio 2026 B', 2, 727_800, 4_149_350, 1_182_560, 0.0544],
  ].map(([name, id, toReceive, received, overdue, rate]) => ({
    team_id: id as number,
    name: name as string,
    to_receive: {
      count: 0,
      total: toReceive as number,
      filter: { due_from: '2026-11-01', due_to: '2026-11-30', paid: 0, team_id: id as number },
    },
    received: {
      count: 0,
      total: received as number,
      filter: { pay_from: '2026-11-01', pay_to: '2026-11-30', paid: 1, team_id: id as number },
    },
    overdue: { count: 0, total: overdue as number, filter: { due_to: '2026-11-25', paid: 0, team_id: id as number } },
    aging: [],
    default_rate: { due_total: 0, late_total: 0, rate: rate as number },
  })),
};
