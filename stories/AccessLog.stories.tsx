import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AccessLogTable } from '../src/students/AccessLogTab';
import { withAdmin } from './support';
import { ACCESS_LOG } from './support/accessLog';

/** Tab ACESSOS (LGPD) of a student: who opened the record, downloaded a document or exported the data. */
const meta = {
  title: 'Alunos/Acessos (LGPD)',
  component: AccessLogTable,
  args: { entries: ACCESS_LOG, page: 1, total: ACCESS_LOG.length, onPage: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof AccessLogTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Dates in São Paulo time; a user deleted since keeps the name they had. */
export const Accesses: Story = {
  parameters: {
    expectText: [
      'Data/Hora',
      '21/11/2026 14:05',
      '20/11/2026 23:30',
      'Carlos Financeiro',
      'Exportou os dados',
      '004512_52998224725_HISTORY.pdf',
      'Marcos Estagiário',
    ],
  },
};

/** Page 2 of 5 of a student opened often (48 accesses). */
export const SecondPage: Story = {
  args: { page: 2, total: 48 },
  parameters: { expectText: ['48 acessos', 'Declaração de matrícula'] },
};

export const Empty: Story = {
  args: { entries: [], total: 0 },
  parameters: { expectText: 'Nenhum acesso registrado para este aluno.' },
};
