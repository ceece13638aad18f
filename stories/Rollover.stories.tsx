import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { RolloverAnswer, StudentMove } from '../resources/next-year';
import { RolloverResult } from '../src/school-year/RolloverResult';
import { draftOf, SuccessorsTable } from '../src/school-year/SuccessorsTable';
import { withAdmin } from './support';

/** Next year (issue 38): the rollover per student, simulated or done, and the proposals of next year's teams. */
const meta = {
  title: 'Ano letivo/Rematrícula automática',
  component: RolloverResult,
  decorators: [withAdmin()],
} satisfies Meta<typeof RolloverResult>;

export default meta;
type Story = StoryObj<typeof meta>;

const sexto = { id: 11, name: '6º ANO A 2026' };
const nono = { id: 14, name: '9º ANO Manhã 2026' };
const move = (id: number, name: string, outcome: StudentMove['outcome'], to: StudentMove['to_team'], from = sexto) => ({
  registration_id: 300 + id,
  student: { id, name },
  from_team: from,
  outcome,
  to_team: to,
  already_enrolled: false,
});

const moves: StudentMove[] = [
  move(1, 'Ana Beatriz Souza Carvalho', 'promovido', { id: 21, name: '7º ANO A 2027' }),
  move(2, 'Bruno Henrique Lima', 'retido', { id: 22, name: '6º ANO A 2027' }),
  move(3, 'Caio Ferreira Alves', 'saiu', null),
  move(4, 'Daniela Rocha Pinto', 'promovido', { id: 21, name: '7º ANO A 2027' }),
  move(5, 'Eduarda Martins Costa', 'concluinte', null, nono),
];

const totals = { promovido: 2, retido: 1, concluinte: 1, saiu: 1, already_enrolled: 0 };

export const Simulation: Story = {
  args: { answer: { data: moves, totals: { ...totals, to_enrol: 3, enrolled: 0, charges: 0 } } },
  parameters: {
    expectText: [
      '2 promovidos, 1 retido, 1 concluinte, 1 saiu. 3 alunos serão matriculados.',
      'Ana Beatriz Souza Carvalho',
      'Conclui o curso',
    ],
  },
};

const done: RolloverAnswer = {
  data: moves,
  totals: { ...totals, to_enrol: 3, enrolled: 3, charges: 24 },
  message: 'Rematrícula concluída: 3 alunos matriculados em 2027.',
};

export const Done: Story = {
  args: { answer: done, done: true },
  parameters: {
    expectText: [
      'Rematrícula concluída: 3 alunos matriculados em 2027.',
      '2 promovidos, 1 retido, 1 concluinte, 1 saiu. 3 alunos matriculados; 24 cobranças criadas.',
    ],
  },
};

const proposals = [
  {
    from_team: { ...sexto, grid_id: 6, closed: true },
    name: '6º ANO A 2027',
    grid: { id: 7, name: '7º ANO' },
    polo: { id: 1, name: 'Sede — Belém' },
    start_date: '2027-02-01',
    end_date: '2027-12-17',
    payment_plan: { id: 3, name: 'Mensalidade 2027 — Fundamental II' },
    existing: null,
  },
  {
    from_team: { ...nono, grid_id: 9, closed: true },
    name: '9º ANO Manhã 2027',
    grid: { id: 9, name: '9º ANO' },
    polo: { id: 2, name: 'Polo Castanhal' },
    start_date: '2027-02-01',
    end_date: '2027-12-17',
    payment_plan: null,
    existing: { id: 30, name: '9º ANO Manhã 2027' },
  },
];

const options = {
  grids: [
    { id: 6, name: '6º ANO' },
    { id: 7, name: '7º ANO' },
    { id: 9, name: '9º ANO' },
  ],
  polos: [
    { id: 1, name: 'Sede — Belém' },
    { id: 2, name: 'Polo Castanhal' },
  ],
  plans: [{ id: 3, name: 'Mensalidade 2027 — Fundamental II' }],
};

function Proposals() {
  const [drafts, setDrafts] = useState(proposals.map(draftOf));
  return (
    <SuccessorsTable
      drafts={drafts}
      options={options}
      onChange={(i, d) => setDrafts((all) => all.map((x, n) => (n === i ? d : x)))}
    />
  );
}

/** "Criar turmas de 2027": one proposal to confirm, one team whose successor exists already. */
export const NextYearTeams: Story = {
  args: Simulation.args,
  render: () => <Proposals />,
  parameters: { expectText: ['Já criada: 9º ANO Manhã 2027', 'Nome da nova turma'] },
};
