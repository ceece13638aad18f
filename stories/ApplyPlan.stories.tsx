import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ApplyPlanDialog } from '../src/finance/ApplyPlanDialog';
import { withAdmin } from './support';
import { PLAN_ENROLMENTS, PLANS } from './support/plans';

/** "Aplicar plano" of the MATRÍCULAS and FINANCEIRO tabs: the plan's instalments previewed before confirming. */
const meta = {
  title: 'Alunos/Aplicar plano',
  component: ApplyPlanDialog,
  args: { open: true, enrolments: PLAN_ENROLMENTS, enrolmentId: 42, plans: PLANS, planId: 1, onClose: fn() },
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof ApplyPlanDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 12 × R$ 1.250,00 due on the 10th from February 2027. */
export const MonthlyFee: Story = {
  parameters: {
    expectText: [
      'Aplicar plano de pagamento',
      '12 × R$ 1.250,00 = R$ 15.000,00 · Mensalidade · Boleto',
      '10/02/2027',
      '10/01/2028',
      '12/12',
    ],
  },
};

/** Due on the 31st: February takes its last day, March its 31st again. */
export const DayClampedToTheMonthsEnd: Story = {
  args: { enrolmentId: 43, planId: 2 },
  parameters: {
    expectText: ['3 × R$ 189,90 = R$ 569,70 · Curso livre · PIX', '31/01/2027', '28/02/2027', '31/03/2027'],
  },
};

/** No plan chosen yet: nothing to preview. */
export const NoPlanChosen: Story = {
  args: { planId: undefined },
  parameters: { expectText: ['Plano de pagamento', 'Primeiro vencimento (opcional)'] },
};
