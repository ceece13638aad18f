import type { Meta, StoryObj } from '@storybook/react-vite';
import { LowAttendanceView } from '../src/admin/LowAttendancePage';
import { withAdmin } from './support';

/** Alunos com baixa frequência, as the dashboard's card opens it: who is under the school's minimum, and where. */
const meta = {
  title: 'Painel/Alunos com baixa frequência',
  component: LowAttendanceView,
  decorators: [withAdmin()],
} satisfies Meta<typeof LowAttendanceView>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (id: number, name: string, discipline: string, absences: number, frequency: number) => ({
  team: 'Técnico em Enfermagem Castanhal 2026',
  discipline,
  registration_id: 100 + id,
  student: { id, name },
  periods: 40,
  absences,
  justified: 0,
  frequency,
});

export const SomeStudents: Story = {
  args: {
    list: {
      minimum: 75,
      data: [
        row(7, 'Lucas Henrique Albuquerque Bezerra de Menezes', 'Anatomia e Fisiologia', 14, 65),
        row(7, 'Lucas Henrique Albuquerque Bezerra de Menezes', 'Farmacologia', 11, 72.5),
        row(8, 'Maria Eduarda Gonçalves Vasconcelos', 'Anatomia e Fisiologia', 12, 70),
      ],
    },
  },
  parameters: {
    expectText: [
      '2 alunos ativos abaixo da frequência mínima da escola (75%) em alguma disciplina.',
      'LUCAS HENRIQUE ALBUQUERQUE BEZERRA DE MENEZES',
      'FARMACOLOGIA',
      'Baixar planilha',
    ],
  },
};

export const Nobody: Story = {
  args: { list: { minimum: 75, data: [] } },
  parameters: { expectText: ['Nenhum aluno ativo abaixo da frequência mínima da escola (75%).'] },
};
