import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChargeInvoice } from '../src/invoices/ChargeInvoice';
import { InvoicesPage } from '../src/invoices/InvoicesPage';
import type { ChargeInvoice as Invoice, InvoiceRow } from '../src/invoices/invoices';
import { AdminStory } from './support/AdminStory';
import { createMemoryDataProvider } from './support/memoryDataProvider';

/** Financeiro › Notas fiscais and the invoice of a paid charge on the FINANCEIRO tab (issue 41). */
const meta = {
  title: 'Financeiro/Notas fiscais',
  component: InvoicesPage,
} satisfies Meta<typeof InvoicesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const ROWS: InvoiceRow[] = [
  {
    id: 41,
    financial_id: 1203,
    student: { id: 7, name: 'Lucas Henrique Albuquerque Bezerra de Menezes' },
    quota: 3,
    due_date: '2026-03-10',
    amount_cents: 85_000,
    status: 'rejeitada',
    number: null,
    issued_at: null,
    errors: [
      {
        code: 'TOMADOR',
        message:
          'O responsável financeiro (Ana Paula Bezerra) está sem CPF no cadastro: informe o CPF para emitir a nota.',
      },
    ],
    simulated: false,
    cancel_suggested: false,
  },
  {
    id: 40,
    financial_id: 1188,
    student: { id: 8, name: 'Maria Eduarda Gonçalves Vasconcelos' },
    quota: 2,
    due_date: '2026-02-10',
    amount_cents: 92_050,
    status: 'rejeitada',
    number: null,
    issued_at: null,
    errors: [{ code: 'E0312', message: 'Código de tributação nacional inexistente para o município.' }],
    simulated: false,
    cancel_suggested: false,
  },
];

const listProvider = () => ({
  ...createMemoryDataProvider({}),
  getList: async () => ({ data: ROWS as never[], total: ROWS.length }),
});

export const Rejected: Story = {
  render: () => (
    <AdminStory path="/admin/notas-fiscais" resource="notas-fiscais" dataProvider={listProvider()}>
      <InvoicesPage />
    </AdminStory>
  ),
  parameters: {
    expectText: [
      'Lucas Henrique Albuquerque Bezerra de Menezes',
      'E0312: Código de tributação nacional inexistente para o município.',
      'R$ 850,00',
    ],
  },
};

const ISSUED: Invoice = {
  id: 39,
  financial_id: 1150,
  status: 'emitida',
  number: '1027',
  access_key: '15014022123456780001950000000000102726031234567890',
  issued_at: '2026-03-11T13:05:00.000Z',
  errors: [],
  document: { code: 'NFSE_7K2M9QX4T1B8W3ZD', file_name: '000312_52998224725_NFSE.pdf' },
  amount_cents: 85_000,
  description: 'Mensalidade escolar de Maria Eduarda Gonçalves Vasconcelos, referente a março de 2026 (parcela 3).',
  simulated: false,
  cancel_suggested: true,
  cancelled_at: null,
  cancel_reason: null,
};

export const OnTheFinanceTab: Story = {
  render: () => (
    <AdminStory
      titleBar={false}
      dataProvider={{ ...createMemoryDataProvider({}), getChargeInvoice: async () => ISSUED } as never}
    >
      <ChargeInvoice studentId={8} chargeId={1150} />
    </AdminStory>
  ),
  parameters: {
    expectText: [
      'Nota fiscal:',
      'Emitida',
      'DANFSe (PDF)',
      'Cancelar nota',
      'O pagamento desta parcela foi desfeito: cancele a nota fiscal, se for o caso.',
    ],
  },
};
