import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PaymentDialog } from '../src/finance/PaymentDialog';
import { PendenciesTable } from '../src/finance/PendenciesTable';
import { withAdmin } from './support';
import {
  charge,
  CHARGES,
  OVERDUE_CHARGE,
  PAID_ON_PORTAL,
  PIX_ANSWER,
  STORED_BOLETO,
  STORED_PIX,
} from './support/finance';

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

/** An overdue R$ 500,00: the dialog heads what the PIX asks today and what makes it (fine and interest). */
export const PixTodayWithParts: Story = {
  render: () => <PaymentDialog charge={OVERDUE_CHARGE} method="pix" onClose={fn()} />,
  parameters: {
    expectText: ['PIX — parcela 2', 'R$ 511,67', 'Valor R$ 500,00 + multa R$ 10,00 + juros R$ 1,67', 'Gerar PIX'],
  },
};

/** "Cobrar › PIX" reopened: the PIX made before shows again, with when and how much. */
export const PixReopened: Story = {
  render: () => (
    <PaymentDialog charge={{ ...OVERDUE_CHARGE, gateway_response: STORED_PIX }} method="pix" onClose={fn()} />
  ),
  parameters: {
    expectText: [
      'PIX já gerado em 27/11/2026 11:03, de R$ 511,67. Ele continua valendo; você pode gerar um novo.',
      'Copiar código',
      'Gerar novo PIX',
    ],
    expectValue: PIX_ANSWER.point_of_interaction.transaction_data.qr_code,
  },
};

/** Paid by the mother on the portal while the dialog was open: it says so, and offers nothing more to charge. */
export const PixPaidOnPortal: Story = {
  render: () => <PaymentDialog charge={PAID_ON_PORTAL} method="pix" onClose={fn()} />,
  parameters: {
    expectText: [
      'Pago em 27/11/2026',
      'R$ 511,67 recebidos (Maria José da Silva, pelo Portal das famílias). Nada mais a cobrar desta pendência.',
    ],
  },
};

/** An overdue instalment added after twelve future ones is listed first; the staff column is "Quem registrou". */
export const ByDueDate: Story = {
  args: {
    charges: [
      ...Array.from({ length: 12 }, (_, i) =>
        charge({ id: i + 1, value_cents: 65000, due_date: `2027-${String(i + 1).padStart(2, '0')}-10` }),
      ),
      charge({ id: 13, value_cents: 65000, due_date: '2026-10-10' }),
      { ...PAID_ON_PORTAL, id: 14, quota: 14 },
    ],
  },
  parameters: { expectText: ['Quem registrou', 'Não — vencida', 'Maria José da Silva, pelo Portal das famílias'] },
};
