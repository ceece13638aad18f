import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NfseCertificateField } from '../src/invoices/NfseCertificateField';
import { NfseSettingsView, type NfseSettingsAnswer } from '../src/invoices/NfseSettingsPage';
import { withAdmin } from './support';

/** Administração › Configurações da escola › Nota fiscal (issue 41): the school as the issuer of its NFS-e. */
const meta = {
  title: 'Administração/Nota fiscal',
  component: NfseSettingsView,
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof NfseSettingsView>;

export default meta;
type Story = StoryObj<typeof meta>;

const CERTIFICATE = {
  subject: 'COLEGIO SABER VIVO LTDA:12ABC34501DE35',
  cnpj: '12ABC34501DE35',
  not_after: '2027-03-31T23:59:59.000Z',
};

const CONFIGURED: NfseSettingsAnswer = {
  cnpj: '12ABC34501DE35',
  inscricao_municipal: '4.812.337-0',
  municipio_ibge: '1502400',
  regime: 'simples_nacional',
  service_code: '080101',
  iss_rate: 2.5,
  description_template: 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).',
  issue_on: 'payment',
  environment: 'producao_restrita',
  certificate: CERTIFICATE,
  simulation_allowed: false,
};

const certificate = (value: typeof CERTIFICATE | null, now = new Date('2026-11-28T12:00:00Z')) => (
  <NfseCertificateField value={value} errors={{}} sending={false} onSend={fn(async () => true)} now={now} />
);

/** A school in Castanhal testing in produção restrita with its alphanumeric CNPJ and its A1. */
export const Configured: Story = {
  args: { settings: CONFIGURED, errors: {}, saving: false, onSave: fn(), certificate: certificate(CERTIFICATE) },
  parameters: {
    expectText: ['COLEGIO SABER VIVO LTDA:12ABC34501DE35', 'CNPJ 12.ABC.345/01DE-35 · válido até 31/03/2027'],
  },
};

/** Nothing configured yet: no environment, no certificate — no invoice leaves the school. */
export const NotConfigured: Story = {
  args: {
    settings: {
      ...CONFIGURED,
      cnpj: null,
      inscricao_municipal: null,
      municipio_ibge: null,
      regime: null,
      service_code: null,
      iss_rate: null,
      environment: null,
      certificate: null,
    },
    errors: {},
    saving: false,
    onSave: fn(),
    certificate: certificate(null),
  },
  parameters: {
    expectText: [
      'Sem ambiente escolhido, nenhuma nota fiscal é emitida. Teste primeiro em produção restrita.',
      'Nenhum certificado enviado.',
    ],
  },
};

/** The certificate expires in 12 days, and the last save was refused field by field. */
export const ExpiringAndRefused: Story = {
  args: {
    settings: CONFIGURED,
    errors: {
      cnpj: 'O CNPJ informado não é o do certificado digital enviado.',
      iss_rate: 'A alíquota do ISS deve ser um número de 2 a 5, com no máximo duas casas decimais.',
    },
    saving: false,
    onSave: fn(),
    certificate: certificate(CERTIFICATE, new Date('2027-03-20T12:00:00Z')),
  },
  parameters: {
    expectText: ['Certificado digital vence em 12 dias', 'O CNPJ informado não é o do certificado digital enviado.'],
  },
};
