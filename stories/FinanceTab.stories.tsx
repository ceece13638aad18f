import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PaymentDialog } from '../src/finance/PaymentDialog';
import { PendenciesTable } from '../src/finance/PendenciesTable';
import { withAdmin } from './support';
import { charge, CHARGES, PIX_ANSWER, STORED_BOLETO } from './support/finance';

/** Tab FINANCEIRO of the student's edit screen: the pendencies of an enrolment and the charge modal. */
const meta = {
  title: 'Alunos/Financeiro',
  component: PendenciesTable,
  args: {
    charges: CHARGES,
    caption: '000042 / Técnico em Enfermagem',
    selectedId: null,
    onSelect: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onPay: fn(),
    today: '2026-11-23',
  },
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof PendenciesTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Paid (green), overdue (red), open, and one paid through Mercado Pago (no update button). */
export const Pendencies: Story = {
  parameters: { expectText: ['Sim, em 09/02/2026', 'Não — vencida', 'Não', 'R$ 150,20', '10/03/2020', 'Cobrar'] },
};

export const Paid: Story = {
  args: { charges: [CHARGES[0], CHARGES[3]], selectedId: 1 },
  parameters: { expectText: ['Sim, em 09/02/2026', 'Sim, em 08/05/2026', 'Mercado Pago'] },
};

export const Overdue: Story = {
  args: { charges: [CHARGES[1]] },
  parameters: { expectText: ['Não — vencida', '10/03/2020', 'Boleto'] },
};

export const Open: Story = {
  args: { charges: [CHARGES[2]] },
  parameters: { expectText: ['Não', '10/04/2099', 'R$ 150,20', 'Cobrar'] },
};

/** An unpaid boleto-type charge with a stored boleto: the warning with its link; the due date pre-checked. */
export const StoredBoletoModal: Story = {
  render: () => (
    <PaymentDialog
      charge={charge({ id: 3, value_cents: 15020, gateway_response: STORED_BOLETO })}
      method="boleto"
      onClose={fn()}
    />
  ),
  parameters: {
    expectText: [
      'Boleto — parcela 3',
      'Já existe um boleto em aberto para esta pendência.',
      'Abrir o boleto em aberto',
      'Usar o vencimento da pendência',
      'Gerar novo boleto',
    ],
  },
};

/** A PIX from the sandbox: the simulation notice, the QR code and the copy-and-paste code. */
export const PixModal: Story = {
  render: () => (
    <PaymentDialog charge={charge({ id: 3, value_cents: 15020 })} method="pix" answer={PIX_ANSWER} onClose={fn()} />
  ),
  parameters: {
    expectText: [
      'PIX — parcela 3',
      'Simulação: nenhum dinheiro é cobrado.',
      'Abrir a página de pagamento (simulação)',
      'Copiar código',
    ],
    expectValue: PIX_ANSWER.point_of_interaction.transaction_data.qr_code,
  },
};
