import type { Meta, StoryObj } from '@storybook/react-vite';
import { WorkloadLine } from '../src/school-year/WorkloadLine';
import { AdminStory } from './support';

/** The LDB line under a team's form (issue 38): its year's school days and hours against the minimums. */
const meta: Meta<typeof WorkloadLine> = {
  title: 'Turmas/Linha da LDB',
  component: WorkloadLine,
  decorators: [
    (Story) => (
      <AdminStory titleBar={false} resource="turmas">
        <Story />
      </AdminStory>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof WorkloadLine>;

/** Turma Médio 2026 A: 1.000 hours planned, 412 given so far, 220 school days. */
export const Meets: Story = {
  args: {
    workload: {
      school_year: { id: 1, year: 2026, school_days: 220 },
      minimums: { days: 200, hours: 800 },
      planned_hours: 1000,
      given_hours: 412,
      meets: { days: true, hours: true },
    },
  },
  parameters: {
    expectText: [
      'LDB: 220 dias letivos em 2026 (mínimo 200) · 1.000 h planejadas na grade (mínimo 800) · 412 h-aula dadas',
    ],
  },
};

/** Enfermagem 2026.1: its grid plans less than 800 hours, said as a warning. */
export const Short: Story = {
  args: {
    workload: {
      school_year: { id: 1, year: 2026, school_days: 220 },
      minimums: { days: 200, hours: 800 },
      planned_hours: 480,
      given_hours: 6,
      meets: { days: true, hours: false },
    },
  },
  parameters: {
    expectText: [
      'LDB: 220 dias letivos em 2026 (mínimo 200) · 480 h planejadas na grade (mínimo 800) · 6 h-aula dadas',
    ],
  },
};
