import type { Meta, StoryObj } from '@storybook/react-vite';
import { fireEvent, fn, within } from 'storybook/test';
import { SimpleCertificateForm } from '../src/documents/SimpleCertificateForm';
import { TEMPLATES } from './documentsFixtures';
import { withAdmin } from './support';

/** The second mode of 'Criando Certificado': a text template and a typed registration number (spec §2). */
const meta = {
  title: 'Documentos/Certificado simples',
  component: SimpleCertificateForm,
  args: { templates: TEMPLATES, issue: fn(async () => ({ registration_id: 12 })), onIssued: fn() },
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof SimpleCertificateForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet. */
export const Empty: Story = {
  parameters: { expectText: ['Texto de Documentos', 'Número da matrícula', 'Gerar PDF'] },
};

/** 'Gerar PDF' with nothing chosen: the spec's message under both fields (and in the toast). */
export const Missing: Story = {
  play: async ({ canvasElement }) => {
    fireEvent.click(within(canvasElement).getByRole('button', { name: 'Gerar PDF' }));
  },
  parameters: { expectText: 'Você não selecionou um texto ou a matrícula para gerar o certificado.' },
};

/** A number that cannot be an enrolment's (000000): refused under the field before anything is sent. */
export const InvalidNumber: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    fireEvent.change(canvas.getByLabelText('Número da matrícula'), { target: { value: '000000' } });
    fireEvent.click(canvas.getByRole('button', { name: 'Gerar PDF' }));
  },
  parameters: { expectText: 'Informe o número da matrícula com até 6 dígitos (por exemplo, 000012).' },
};
