import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, CardContent } from '@mui/material';
import { AdmissionAnswerCard, AdmissionFormCard } from '../src/public/AdmissionPage';
import type { OpenAdmission } from '../src/public/admissionClient';
import { PublicTheme } from '../src/public/PublicTheme';

/** Matrícula 2027 (issue 39): the public form a new family fills on the phone, and the school's answers. */
const meta = {
  title: 'Site público/Matrícula de novos alunos',
  component: AdmissionFormCard,
  decorators: [
    (Story) => (
      <PublicTheme>
        <Card sx={{ maxWidth: 900 }}>
          <CardContent>
            <Story />
          </CardContent>
        </Card>
      </PublicTheme>
    ),
  ],
} satisfies Meta<typeof AdmissionFormCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const open: OpenAdmission = {
  id: 4,
  year: 2027,
  closes_on: '2027-01-31',
  teams: [
    { id: 31, name: 'Maternal II Manhã 2027', places: 'vagas disponíveis' },
    { id: 32, name: '1º ano A 2027', places: 'lista de espera' },
    { id: 33, name: '6º ano Tarde 2027', places: 'vagas disponíveis' },
  ],
};

export const Formulario: Story = {
  args: { open },
  parameters: {
    expectText: ['Nome completo do aluno', 'CPF do responsável', 'Enviar pedido'],
  },
};

export const NaListaDeEspera: Story = {
  args: { open },
  render: () => (
    <AdmissionAnswerCard
      answer={{
        status: 'espera',
        position: 3,
        message: 'Você está na lista de espera, posição 3. Avisaremos por e-mail.',
      }}
    />
  ),
  parameters: { expectText: ['Você está na lista de espera, posição 3. Avisaremos por e-mail.'] },
};

export const Recebido: Story = {
  args: { open },
  render: () => (
    <AdmissionAnswerCard
      answer={{
        status: 'pendente',
        message: 'Recebemos seu pedido. A secretaria vai analisá-lo e responderá por e-mail.',
      }}
    />
  ),
  parameters: { expectText: ['Recebemos seu pedido. A secretaria vai analisá-lo e responderá por e-mail.'] },
};

export const Aceito: Story = {
  args: { open },
  render: () => (
    <AdmissionAnswerCard
      answer={{
        status: 'aceita',
        message: 'Pedido aceito! Você receberá por e-mail o convite para o Portal das famílias.',
      }}
    />
  ),
  parameters: { expectText: ['Pedido aceito! Você receberá por e-mail o convite para o Portal das famílias.'] },
};

export const Recusado: Story = {
  args: { open },
  render: () => (
    <AdmissionAnswerCard answer={{ status: 'recusada', message: 'A escola não pôde aceitar este pedido.' }} />
  ),
  parameters: { expectText: ['A escola não pôde aceitar este pedido.'] },
};
