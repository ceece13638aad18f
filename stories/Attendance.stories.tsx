import type { Meta, StoryObj } from '@storybook/react-vite';
import { AttendanceTable } from '../src/students/AttendanceTable';
import { withAdmin } from './support';
import { STUDENT_ATTENDANCE } from './support/attendance';

/** Tab FREQUÊNCIA of a student: lessons given, absences and frequency per discipline, from the class diary. */
const meta = {
  title: 'Alunos/Frequência',
  component: AttendanceTable,
  args: STUDENT_ATTENDANCE,
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof AttendanceTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Matemática under the minimum (in red); Arte without lessons yet shows a dash, not 0 % nor 100 %. */
export const BelowMinimum: Story = {
  parameters: {
    expectText: ['Abaixo da frequência mínima (75%) em Matemática.', '69,8%', '96,9%', '8º ano A — 2026', '—'],
  },
};

export const AllAbove: Story = {
  args: { data: STUDENT_ATTENDANCE.data.filter((line) => line.discipline.name !== 'Matemática') },
  parameters: { expectText: ['Frequência mínima para aprovação: 75%.', '90,0%'] },
};

export const NoLessons: Story = {
  args: { data: [] },
  parameters: { expectText: 'Nenhuma aula registrada nas turmas deste aluno.' },
};
