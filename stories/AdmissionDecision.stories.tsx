import type { Meta, StoryObj } from '@storybook/react-vite';
import { RecordContextProvider } from 'react-admin';
import { AdmissionDecision } from '../src/enrolment/AdmissionDecision';
import { withAdmin } from './support';

/** Pedidos de matrícula (issue 39): the office's panel under a request, to accept or decline it. */
const meta = {
  title: 'Secretaria/Pedido de matrícula',
  component: AdmissionDecision,
  decorators: [withAdmin({ resource: 'pedidos-de-matricula' })],
} satisfies Meta<typeof AdmissionDecision>;

export default meta;
type Story = StoryObj<typeof meta>;

const admission = (status: string, extra: object = {}) => ({
  id: 18,
  status,
  campaign_id: 4,
  team_id: 32,
  team: { id: 32, name: '1º ano A 2027' },
  student_name: 'Isabela Cristina Nascimento Farias',
  student_birth_date: '2020-05-09',
  guardian_name: 'Adriana Nascimento Farias',
  guardian_cpf: '52998224725',
  guardian_email: 'adriana.farias@email.com.br',
  guardian_phone: '91987651234',
  created_at: '2026-11-16T12:20:00Z',
  ...extra,
});

const withRecord = (record: object): Story['render'] =>
  function Render() {
    return (
      <RecordContextProvider value={record}>
        <AdmissionDecision />
      </RecordContextProvider>
    );
  };

export const Pendente: Story = {
  render: withRecord(admission('pendente')),
  parameters: { expectText: ['Aceitar', 'Recusar'] },
};

export const NaListaDeEspera: Story = {
  render: withRecord(admission('espera')),
  parameters: {
    expectText: ['Este pedido está na lista de espera: só pode ser aceito quando houver vaga livre na turma.'],
  },
};

export const Aceito: Story = {
  render: withRecord(admission('aceita', { decided_at: '2026-11-18T14:05:00Z' })),
  parameters: {
    expectText: ['Pedido aceito: a família continua no Portal das famílias (contrato, assinatura e pagamento).'],
  },
};

export const Recusado: Story = {
  render: withRecord(
    admission('recusada', {
      decided_at: '2026-11-18T14:05:00Z',
      decline_reason: 'A turma pedida é para crianças nascidas até 31/03/2020.',
    }),
  ),
  parameters: { expectText: ['Pedido recusado: o motivo foi enviado por e-mail à família.'] },
};
