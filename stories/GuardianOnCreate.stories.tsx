import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { EMPTY_DRAFT, GuardianSection } from '../src/students/GuardianOnCreate';
import { withAdmin } from './support';

/**
 * The "Responsável" section at the end of a new student's form: a CPF; the guardian registered under it, picked;
 * or the fields of a new one. The guardian is registered (if new) and linked once the student is saved.
 */
const meta = {
  title: 'Alunos/Responsável no cadastro',
  component: GuardianSection,
  args: { draft: EMPTY_DRAFT, onChange: fn(), found: null, errors: {} },
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof GuardianSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed: the section is optional, the student may be saved without a guardian. */
export const Empty: Story = {
  parameters: {
    expectText: ['Responsável', 'Opcional. Digite o CPF: se o responsável já estiver cadastrado, ele aparece.'],
  },
};

/** The CPF of a guardian already registered (a sibling's mother): shown and picked, only the kinship to choose. */
export const FoundByCpf: Story = {
  args: {
    draft: { ...EMPTY_DRAFT, cpf: '52998224725', kinship: 'mae' },
    found: { id: 88, name: 'Rosa Maria Ferreira', cpf: '52998224725' },
  },
  parameters: {
    expectText: ['Rosa Maria Ferreira', 'Responsável financeiro', 'Mãe'],
  },
};

/** A CPF nobody has: the new guardian's fields, with a refusal of the server under its field. */
export const NewGuardianRefused: Story = {
  args: {
    draft: {
      cpf: '11144477735',
      name: 'Joaquim Pereira',
      phone: '91988',
      email: 'joaquim@familia.com.br',
      kinship: 'pai',
      financial: true,
      sameAddress: true,
      address: EMPTY_DRAFT.address,
    },
    errors: { phone: 'O campo Telefone deve ter pelo menos 10 dígitos.' },
  },
  parameters: {
    expectText: [
      'Nome do responsável',
      'O campo Telefone deve ter pelo menos 10 dígitos.',
      'Responsável financeiro',
      'Paga as mensalidades (sempre, para aluno menor de 18 anos).',
    ],
  },
};

/** The financial responsible living with the student: the address kept is the student's, said in one line. */
export const PayerAtTheStudentsAddress: Story = {
  args: {
    draft: { ...EMPTY_DRAFT, cpf: '11144477735', name: 'Joaquim Pereira', kinship: 'pai' },
    studentAddress: { cep: '66035000', street: 'Avenida Nazaré', number: '512', neighborhood: 'Nazaré', city: 'Belém' },
  },
  parameters: {
    expectText: ['Endereço do responsável financeiro', 'Endereço do aluno: Avenida Nazaré, 512 — Nazaré, Belém.'],
  },
};

/** A payer living elsewhere: their own address, with the CEP lookup; a short CEP refused under its field. */
export const PayerElsewhere: Story = {
  args: {
    draft: {
      ...EMPTY_DRAFT,
      cpf: '11144477735',
      name: 'Joaquim Pereira',
      kinship: 'pai',
      sameAddress: false,
      address: { ...EMPTY_DRAFT.address, cep: '6603', street: 'Travessa Rui Barbosa', number: '1001' },
    },
    errors: { cep: 'O CEP deve ter 8 dígitos.' },
  },
  parameters: { expectText: ['O CEP deve ter 8 dígitos.', 'Mesmo endereço do aluno'] },
};
