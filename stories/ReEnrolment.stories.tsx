import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReEnrolmentCard } from '../src/portal/ReEnrolmentCard';
import { ReEnrolmentStepper } from '../src/portal/ReEnrolmentStepper';
import { RE_ENROLMENT, RE_ENROLMENT_RETURNED, RE_ENROLMENT_SENT } from './support/re-enrolment';
import { withPortal } from './support/withPortal';

/**
 * The family's re-enrolment in the portal (issue 39): the card on the child's page while the campaign is open, and
 * the stepper it leads to — Dados, Documentos, Plano, Contrato, Pagamento, Enviar — then the office's answer.
 */
const meta = {
  title: 'Portal das famílias/Rematrícula',
  component: ReEnrolmentCard,
  args: { reEnrolment: RE_ENROLMENT, to: '/portal/alunos/7/rematricula' },
  decorators: [withPortal],
} satisfies Meta<typeof ReEnrolmentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const actions = {
  onSaveData: fn(),
  onUpload: fn(),
  onChoosePlan: fn(),
  onReadContract: fn(),
  onSendCode: fn(),
  onSign: fn(),
  onPay: fn(),
  onSubmit: fn(),
};

/** The card while the family is on its way. */
export const Card: Story = {
  parameters: { expectText: ['Rematrícula 2027', 'Em andamento', 'Turma em 2027: 9º ano A — 2027', 'Continuar'] },
};

/** The card once the office sent it back with a note. */
export const CardReturned: Story = {
  args: { reEnrolment: RE_ENROLMENT_RETURNED },
  parameters: {
    expectText: [
      'Devolvida para correção',
      'Recado da secretaria: O comprovante de residência está ilegível. Envie uma foto mais nítida, por favor.',
    ],
  },
};

/** The stepper where it stopped: the second document still to send. */
export const StepperDocuments: Story = {
  render: () => (
    <ReEnrolmentStepper reEnrolment={RE_ENROLMENT} contractRead={false} codeSentTo={null} actions={actions} />
  ),
  parameters: {
    expectText: ['Comprovante de residência', 'Enviado (240 KB)', 'Declaração de quitação', 'Ainda não enviado'],
  },
};

/** The contract read and accepted, the code sent to the mother's e-mail. */
export const StepperContract: Story = {
  render: () => (
    <ReEnrolmentStepper
      reEnrolment={{
        ...RE_ENROLMENT,
        missing: ['assinatura', 'pagamento'],
        next: 'contrato',
        contract: { read: true, sha256: null, signed_code: null },
      }}
      contractRead
      codeSentTo="a***@gmail.com"
      actions={actions}
    />
  ),
  parameters: {
    expectText: [
      'Li e aceito o contrato',
      'Enviamos um código de 6 dígitos para a***@gmail.com. Ele vale por 15 minutos.',
    ],
  },
};

/** Sent: the status, nothing more to do. */
export const StepperSent: Story = {
  render: () => <ReEnrolmentStepper reEnrolment={RE_ENROLMENT_SENT} contractRead codeSentTo={null} actions={actions} />,
  parameters: { expectText: ['Enviada — aguardando a secretaria'] },
};
