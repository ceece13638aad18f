import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { GeneralReportRow } from '../reports/types';
import { GeneralReportTable } from '../src/reports/GeneralReportTable';
import { withAdmin } from './support';

const ROWS: GeneralReportRow[] = [
  {
    id: 1,
    student_id: 12,
    name: 'Ângela Brandão',
    team: 'Turma Médio 2026 B',
    polo: 'Polo Belém Nazaré',
    responsible: 'José Ribamar Lima',
    grid: 'Ensino Médio 2026',
  },
  {
    id: 2,
    student_id: 7,
    name: 'Bruno Costa',
    team: 'Turma Médio 2026 B',
    polo: 'Polo Belém Nazaré',
    responsible: 'José Ribamar Lima',
    grid: 'Ensino Médio 2026',
  },
  {
    id: 3,
    student_id: 40,
    name: 'Heloísa Martins Costa',
    team: 'Enfermagem 2026.1',
    polo: 'Polo Sede Ananindeua',
    responsible: null,
    grid: 'Técnico em Enfermagem',
  },
  {
    id: 4,
    student_id: 40,
    name: 'Heloísa Martins Costa',
    team: 'Turma Médio 2026 A',
    polo: 'Polo Sede Ananindeua',
    responsible: 'Maria das Graças Souza',
    grid: 'Ensino Médio 2026',
  },
];

/** The general report's table: one row per enrolment, sorted and paged on the server, names linking to the student. */
const meta = {
  title: 'Relatórios/Relatório geral',
  component: GeneralReportTable,
  args: {
    rows: ROWS,
    total: 1008,
    sort: { by: 'name', desc: false },
    page: 0,
    perPage: 10,
    onSort: fn(),
    onPage: fn(),
    onPerPage: fn(),
  },
  decorators: [withAdmin({ path: '/admin/reports/general-report-of-students', resource: 'reports', titleBar: false })],
} satisfies Meta<typeof GeneralReportTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A page of four enrolments (Heloísa twice, one per team) out of 1,008. */
export const FirstPage: Story = {
  parameters: { expectText: ['Código', 'Responsável', 'ÂNGELA BRANDÃO', 'ENFERMAGEM 2026.1', '1–10 de 1008'] },
};

/** Sorted by team, descending. */
export const SortedByTeam: Story = {
  args: { sort: { by: 'team', desc: true } },
  parameters: { expectText: 'TURMA MÉDIO 2026 A' },
};

export const NothingFound: Story = {
  args: { rows: [], total: 0 },
  parameters: { expectText: 'Nenhuma matrícula encontrada.' },
};
