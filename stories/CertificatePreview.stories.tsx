import type { Meta, StoryObj } from '@storybook/react-vite';
import { CertificatePreview } from '../src/documents/CertificatePreview';
import { HistoryPreview } from '../src/documents/HistoryPreview';
import { HISTORY_DATA } from './documentsFixtures';

/** The left side of 'Criando Certificado': the front of the certificate as it will be printed. */
const meta = {
  title: 'Documentos/Prévia do certificado',
  component: CertificatePreview,
  args: {
    name: 'Heloísa Martins Costa',
    infoLine: 'CPF 529.982.247-25, nascido(a) em 01/03/2008, natural de Belém - PA',
    text: 'Concluiu o Ensino Médio no ano letivo de 2026, com aproveitamento, fazendo jus ao presente certificado.',
    codeLine: 'Código de validação: gerado ao salvar',
    dateLine: 'Ananindeua - Pará, 23 de novembro de 2026',
  },
  decorators: [(Story) => <div style={{ maxWidth: 760, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof CertificatePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before saving: the code is made by the server. */
export const BeforeSaving: Story = {
  parameters: {
    expectText: [
      'CERTIFICADO',
      'Heloísa Martins Costa',
      'Código de validação: gerado ao salvar',
      'Ananindeua - Pará, 23 de novembro de 2026',
    ],
  },
};

/** After saving, with the code the server answered. */
export const Issued: Story = {
  args: { codeLine: 'Código de validação: CERT_7Q2M9X4K8D3N5P1R' },
  parameters: { expectText: ['Código de validação: CERT_7Q2M9X4K8D3N5P1R'] },
};

/** No template chosen yet. */
export const NoText: Story = {
  args: { text: '' },
  parameters: { expectText: ['Escolha um texto de documento.'] },
};

/** The school history's preview: disciplines × stages with the grades, totals and the place and date. */
export const History: Story = {
  render: () => (
    <HistoryPreview
      data={HISTORY_DATA}
      place={{ city: 'Ananindeua', uf: 'PA', day: '23', month: '11', year: '2026', average: '7,0' }}
    />
  ),
  parameters: {
    expectText: [
      'HISTÓRICO ESCOLAR',
      'LÍNGUA PORTUGUESA',
      '1ª, 2ª e 3ª',
      '240 h',
      'Ananindeua - PA, 23 de novembro de 2026.',
    ],
  },
};
