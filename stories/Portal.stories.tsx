import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ChargesView } from '../src/portal/ChargesView';
import { DocumentsView } from '../src/portal/DocumentsView';
import { PaymentDetails } from '../src/portal/PaymentDialog';
import { StudentCards } from '../src/portal/PortalHome';
import { PushOptIn } from '../src/portal/PushOptIn';
import { PUSH_BLOCKED } from '../src/portal/push';
import { ReportCardView } from '../src/portal/ReportCardView';
import { SignInPage } from '../src/portal/SignInPage';
import {
  BOLETO_PAYMENT,
  PIX_PAYMENT,
  PORTAL_CHARGES,
  PORTAL_DOCUMENTS,
  PORTAL_ME,
  REPORT_CARD,
  SIMULATED_PIX_PAYMENT,
} from './support/portal';
import { withPortal } from './support/withPortal';

/**
 * The family portal (/portal): what a mother sees on her phone — her children, the report card, the charges with
 * the amount due today and how to pay them, the issued documents. Each story draws one screen's part.
 */
const meta = {
  title: 'Portal das famílias',
  component: ReportCardView,
  args: { card: REPORT_CARD },
  decorators: [withPortal],
} satisfies Meta<typeof ReportCardView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The home: one card per child, with photo (initials without one), name and class. */
export const Students: Story = {
  render: () => <StudentCards students={PORTAL_ME.students} />,
  parameters: {
    expectText: ['Lucas Oliveira Santos', '8º ano A — 2026', 'Beatriz Oliveira Santos', 'Matrícula 004513'],
  },
};

/** Boletim in November: the 4th bimester open, Matemática under the average, Ciências already approved. */
export const ReportCard: Story = {
  parameters: {
    expectText: ['Boletim — 8º ano A — 2026', '7,5', '5,2', '87,5%', '69,8%', 'APROVADO', 'EM CURSO'],
  },
};

export const ReportCardWithoutEnrolment: Story = {
  args: { card: { ...REPORT_CARD, team: null, disciplines: [] } },
  parameters: { expectText: 'O aluno não tem matrícula ativa: não há boletim para mostrar.' },
};

/** Financeiro: October overdue (fine and interest in the amount due today), November open, September paid. */
export const Charges: Story = {
  render: () => <ChargesView charges={PORTAL_CHARGES} onPay={fn()} onReceipt={fn()} />,
  parameters: {
    expectText: ['Vencida', 'R$ 709,58', 'Valor original R$ 680,00, com multa e juros', 'R$ 680,00', 'Recibo'],
  },
};

export const NothingOpen: Story = {
  render: () => <ChargesView charges={{ open: [], paid: [] }} onPay={fn()} onReceipt={fn()} />,
  parameters: { expectText: ['Nenhuma cobrança em aberto.', 'Nenhum pagamento registrado.'] },
};

/** "Pagar" by PIX: the QR image and the copy-and-paste code with "Copiar". */
export const PixPayment: Story = {
  render: () => <PaymentDetails payment={PIX_PAYMENT} />,
  parameters: { expectText: ['Copiar'], expectValue: PIX_PAYMENT.pix!.qr_code },
};

/** The demo school: no money moves, and the simulation's page pays the charge. */
export const SimulatedPixPayment: Story = {
  render: () => <PaymentDetails payment={SIMULATED_PIX_PAYMENT} />,
  parameters: { expectText: ['Simulação: nenhum dinheiro é cobrado.', 'Abrir a página de pagamento (simulação)'] },
};

export const BoletoPayment: Story = {
  render: () => <PaymentDetails payment={BOLETO_PAYMENT} />,
  parameters: { expectText: ['Abrir o boleto', 'Copiar'], expectValue: BOLETO_PAYMENT.boleto!.digitable_line },
};

/** Documentos: download, the verification link, and the declaration of enrolment issued at once. */
export const Documents: Story = {
  render: () => (
    <DocumentsView
      documents={PORTAL_DOCUMENTS}
      onDownload={fn()}
      onRequest={fn()}
      notice={{ severity: 'success', text: 'Declaração de matrícula emitida. Baixe o PDF abaixo.' }}
    />
  ),
  parameters: {
    expectText: [
      'Solicitar declaração de matrícula',
      'Histórico escolar',
      'Emitido em 20/01/2026 · Código R9T4-6KLB',
      'Verificar',
    ],
  },
};

/** The sign-in after the office revoked the access (or the session expired). */
export const SignIn: Story = {
  render: () => <SignInPage notice="Sua sessão terminou. Entre novamente." onSignedIn={fn()} />,
  parameters: { expectText: ['Portal das famílias', 'Sua sessão terminou. Entre novamente.', 'Esqueci a senha'] },
};

const PUSH_KEY = 'BOr5cSX0ZbQ7k1bK7h0yRz3dVb3jH0W3m5Sg7b8yKq1m0FQ4Qk8r2y3c5Vh8b0nO9pT6dY4e2W1q7zX5cV3bN0A';
const pushActions = {
  enable: fn(() => Promise.resolve('on' as const)),
  disable: fn(() => Promise.resolve('off' as const)),
};

/** Avisos neste aparelho, not yet asked: the mother can opt her phone in to the school's notices. */
export const PushOff: Story = {
  render: () => <PushOptIn initial={{ state: 'off', publicKey: PUSH_KEY }} actions={pushActions} />,
  parameters: { expectText: ['Avisos neste aparelho', 'Receber avisos neste aparelho'] },
};

/** Opted in: what arrives, and how to stop it. */
export const PushOn: Story = {
  render: () => <PushOptIn initial={{ state: 'on', publicKey: PUSH_KEY }} actions={pushActions} />,
  parameters: { expectText: ['Desativar avisos neste aparelho'] },
};

/** The browser blocked notifications: where to free them. */
export const PushBlocked: Story = {
  render: () => <PushOptIn initial={{ state: 'blocked', publicKey: PUSH_KEY }} actions={pushActions} />,
  parameters: { expectText: PUSH_BLOCKED },
};
