import type { Meta, StoryObj } from '@storybook/react-vite';
import { ReceivablesView } from '../src/admin/ReceivablesPanel';
import { withAdmin } from './support';
import { RECEIVABLES } from './support/receivables';

/** The FINANCEIRO dashboard (issue 27): a school's month of tuition, its default rate and aging, by team. */
const meta = {
  title: 'Painel/Financeiro',
  component: ReceivablesView,
  args: { data: RECEIVABLES, linked: true },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof ReceivablesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every figure links to the financial report filled with its charges. */
export const Month: Story = {
  parameters: {
    expectText: [
      'A receber no mês',
      'R$ 34.578,00',
      'R$ 162.843,50',
      'R$ 71.405,60',
      'Mais de 90 dias',
      'Enfermagem 2026.1',
    ],
  },
};

/** A role that sees the finances but may not draw the financial reports (Secretaria): the same, without links. */
export const WithoutReports: Story = {
  args: { linked: false },
  parameters: { expectText: ['Recebido no mês', 'Inadimplência em 12 meses', '13,2%'] },
};

/** A school's first paid charge of the month, ten days late: what came in (fine and interest too), in the singular. */
export const FirstPayment: Story = {
  args: {
    data: {
      ...RECEIVABLES,
      received: { ...RECEIVABLES.received, count: 1, total: 51_167 },
      overdue: { ...RECEIVABLES.overdue, count: 1, total: 65_000 },
    },
  },
  parameters: { expectText: ['R$ 511,67', '1 cobrança paga no mês', '1 cobrança vencida e não paga'] },
};
