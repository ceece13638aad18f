import type { Meta, StoryObj } from '@storybook/react-vite';
import { LessonList, type LessonItem } from '../src/lessons/LessonList';
import { withAdmin } from './support';

const TODAY = '2026-11-25';
const lesson = (n: number, fields: Partial<LessonItem>): LessonItem => ({
  key: `aula-${n}`,
  to: `/admin/minhas-aulas/${n}`,
  team: '7º ANO A - MANHÃ',
  discipline: 'MATEMÁTICA',
  date: TODAY,
  periods: 2,
  content: 'Frações equivalentes: simplificação e comparação (livro, p. 84–87).',
  ...fields,
});

/** "Minhas aulas": today's lessons first, then the recent ones, an unsent one marked. */
const meta = {
  title: 'Diário/Minhas aulas',
  component: LessonList,
  args: {
    today: TODAY,
    items: [
      lesson(41, {}),
      lesson(40, {
        key: 'nova-k3x9',
        to: '/admin/minhas-aulas/nova-k3x9',
        team: '8º ANO B - TARDE',
        periods: 1,
        content: 'Porcentagem no cotidiano: descontos e acréscimos.',
        unsent: true,
      }),
      lesson(39, { date: '2026-11-24', discipline: 'CIÊNCIAS', content: 'Sistema digestório: órgãos e funções.' }),
      lesson(38, {
        date: '2026-11-21',
        periods: 3,
        content: 'Revisão para a avaliação do 4º bimestre.',
        refused: true,
      }),
    ],
  },
  decorators: [withAdmin({ resource: 'minhas-aulas', titleBar: false })],
} satisfies Meta<typeof LessonList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TodayAndRecent: Story = {
  parameters: {
    expectText: ['Hoje', 'Aulas recentes', 'MATEMÁTICA · 7º ANO A - MANHÃ', 'Não enviado', '24/11/2026 · 2 aulas'],
  },
};

/** A teacher's first day: nothing recorded yet. */
export const Empty: Story = {
  args: { items: [] },
  parameters: { expectText: 'Nenhuma aula registrada ainda. Toque em “Nova aula” para registrar a de hoje.' },
};
