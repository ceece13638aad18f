import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TeachersPanel } from '../src/teams/TeachersPanel';
import { withAdmin } from './support';

const DISCIPLINES = [
  { id: 7, name: 'Anatomia e Fisiologia Humana' },
  { id: 8, name: 'Farmacologia Aplicada' },
  { id: 9, name: 'Fundamentos de Enfermagem' },
];
const TEACHERS = [
  { id: 12, name: 'Ana Paula Ferreira' },
  { id: 15, name: 'Carlos Eduardo Souza' },
  { id: 21, name: 'Márcia Regina Lopes' },
];

/** Tab PROFESSORES of a team: who teaches which discipline of its grid, the add form and remove. */
const meta = {
  title: 'Turmas/Professores',
  component: TeachersPanel,
  args: {
    assignments: [
      { id: 1, user: TEACHERS[0], discipline: DISCIPLINES[0] },
      { id: 2, user: TEACHERS[0], discipline: DISCIPLINES[2] },
      { id: 3, user: TEACHERS[1], discipline: DISCIPLINES[1] },
    ],
    candidates: TEACHERS,
    disciplines: DISCIPLINES,
    onAdd: fn(async () => ({})),
    onRemove: fn(async () => undefined),
  },
  decorators: [withAdmin({ resource: 'turmas', titleBar: false })],
} satisfies Meta<typeof TeachersPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A nursing class with three assignments. */
export const Assigned: Story = {
  parameters: {
    expectText: ['Ana Paula Ferreira', 'Carlos Eduardo Souza', 'Farmacologia Aplicada', 'Fundamentos de Enfermagem'],
  },
};

/** A new team: nobody assigned yet. */
export const NoTeachers: Story = {
  args: { assignments: [] },
  parameters: { expectText: ['Nenhum professor atribuído a esta turma.', 'Adicionar'] },
};

/** A team whose grid has no discipline yet: nothing can be assigned. */
export const GridWithoutDisciplines: Story = {
  args: { assignments: [], disciplines: [] },
  parameters: {
    expectText: ['Esta turma ainda não tem disciplinas na sua grade: inclua-as na grade para atribuir professores.'],
  },
};
