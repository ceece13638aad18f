import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PayerDialog } from '../src/students/PayerDialog';
import { withAdmin } from './support';

/**
 * "Contato e endereço de quem paga" (issue 35): opened from RESPONSÁVEIS or from a PIX or boleto refused for an
 * incomplete payer; Financeiro completes the contact and the address, nothing else of the guardian.
 */
const meta = {
  title: 'Alunos/Quem paga',
  component: PayerDialog,
  args: {
    studentId: 7,
    open: true,
    onClose: fn(),
    onSaved: fn(),
    payer: {
      self: false,
      guardian_id: 31,
      name: 'Ana Paula Oliveira Santos',
      cpf: '52998224725',
      email: 'ana.oliveira@gmail.com',
      phone: '91987654321',
      kinship: 'mae',
      cep: null,
      street: null,
      number: null,
      complement: null,
      neighborhood: null,
      city: 'Belém',
      uf: 'PA',
    },
  },
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof PayerDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The mother who pays, registered without her street: opened at the CEP the refused PIX named. */
export const AddressMissing: Story = {
  args: { focus: 'cep' },
  parameters: { expectText: ['Contato e endereço de quem paga', 'Ana Paula Oliveira Santos', 'Salvar'] },
};

/** A payer without CPF: the clerk is told the office completes it. */
export const CpfMissing: Story = {
  args: {
    payer: {
      self: false,
      guardian_id: 32,
      name: 'Joaquim Pereira',
      cpf: null,
      email: null,
      phone: '91988887777',
      kinship: 'pai',
      cep: '66035000',
      street: 'Travessa Rui Barbosa',
      number: '1001',
      complement: 'apto 302',
      neighborhood: 'Reduto',
      city: 'Belém',
      uf: 'PA',
    },
  },
  parameters: { expectText: ['Falta o CPF, que não se altera aqui.', 'Abrir o cadastro'] },
};
