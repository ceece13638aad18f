import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InviteDialog } from '../src/students/InviteDialog';
import { CodeActivationForm } from '../src/portal/CodeActivation';
import { withAdmin } from './support';

/**
 * "Convidar para o portal" (issue 35): by e-mail when the server sends mail, or in person — the link shown once
 * (copy, QR code, WhatsApp) or a printed letter with a one-time code the family types at /portal/ativar.
 */
const meta = {
  title: 'Alunos/Convite para o portal',
  component: InviteDialog,
  args: {
    owner: 'guardians',
    id: 31,
    name: 'Ana Paula Oliveira Santos',
    open: true,
    emailDelivery: true,
    onClose: fn(),
    onInvited: fn(),
  },
  decorators: [withAdmin({ resource: 'responsaveis', titleBar: false })],
} satisfies Meta<typeof InviteDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A server that sends mail: the e-mail first, the in-person ways beside it. */
export const WithEmail: Story = {
  parameters: {
    expectText: ['Convidar Ana Paula Oliveira Santos para o portal', 'Enviar por e-mail', 'Imprimir carta com código'],
  },
};

/** No SMTP configured: only the in-person ways, and why. */
export const WithoutSmtp: Story = {
  args: { emailDelivery: false },
  parameters: {
    expectText: [
      'Este servidor não envia e-mails (SMTP não configurado): entregue o convite pessoalmente.',
      'Mostrar o link agora',
    ],
  },
};

/** The link answered once: copied, read as a QR code from the screen, or sent by WhatsApp. */
export const LinkShown: Story = {
  args: {
    emailDelivery: false,
    shown: {
      message: 'Convite criado para Ana Paula Oliveira Santos. Entregue o link agora: ele não será mostrado de novo.',
      link: 'https://secretaria.colegiosaojose.edu.br/portal/ativar?token=Q2hhdmUtZGUtZXhlbXBsby1zb21lbnRl',
      expires_at: '2026-12-05T13:00:00.000Z',
      whatsapp_url: 'https://wa.me/5591987654321?text=Ol%C3%A1',
    },
  },
  parameters: { expectText: ['não será mostrado de novo', 'Enviar por WhatsApp', 'Concluir'] },
};

/** /portal/ativar without a link: the letter's e-mail and one-time code, then the new password typed twice. */
export const CodeOnTheLetter: Story = {
  render: () => <CodeActivationForm send={fn(async () => ({ message: 'Senha definida.' }))} signInPath="/portal" />,
  parameters: { expectText: ['Como na carta, por exemplo 7K2M-9P4Q.', 'Ativar acesso'] },
};
