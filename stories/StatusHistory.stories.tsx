import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusHistoryTable } from '../src/students/StatusPanel';

/** A student's status history (#, Status Anterior, Novo Status, Usuário, Data/Hora). */
const meta = {
  title: 'Alunos/Histórico de status',
  component: StatusHistoryTable,
  args: {
    entries: [
      {
        id: 2,
        previous_status: 'Ativo',
        new_status: 'Trancado',
        created_at_formatted: '21/11/2026 14:05',
        user: { name: 'Joana Secretária' },
      },
      {
        id: 1,
        previous_status: null,
        new_status: 'Ativo',
        created_at_formatted: '02/02/2026 09:12',
        user: { name: 'Administrador' },
      },
    ],
  },
} satisfies Meta<typeof StatusHistoryTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithChanges: Story = {
  parameters: { expectText: ['Status Anterior', 'Trancado', 'Joana Secretária', '21/11/2026 14:05'] },
};

export const Empty: Story = {
  args: { entries: [] },
  parameters: { expectText: 'Nenhum histórico de status encontrado para este aluno.' },
};
