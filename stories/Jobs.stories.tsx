import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { JobsView } from '../src/jobs/JobsView';
import { withAdmin } from './support';
import { ONE_OFF, RECURRING } from './support/jobs';

/** Administração › Tarefas: the background work of every instance, its last runs and errors. */
const meta = {
  title: 'Administração/Tarefas',
  component: JobsView,
  args: { recurring: RECURRING, jobs: ONE_OFF, page: 1, total: ONE_OFF.length, onPage: fn(), onRetry: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof JobsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Times in São Paulo; the sweep is running now and its last run failed; a receipt gave up after five tries. */
export const Tasks: Story = {
  parameters: {
    expectText: [
      'Envio de e-mails',
      'Avisos às famílias',
      'a cada 30 segundos',
      'a cada 1 hora',
      '26/11/2026 10:00',
      'Connection terminated unexpectedly',
      'Falhou',
      '5 de 5',
      'Tentar de novo',
    ],
  },
};

export const Nothing: Story = {
  args: { recurring: [], jobs: [], total: 0 },
  parameters: { expectText: ['Nenhuma tarefa periódica ativa.', 'Nenhuma tarefa avulsa registrada.'] },
};
