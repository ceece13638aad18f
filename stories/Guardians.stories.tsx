import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { GuardiansTable } from '../src/students/GuardiansTab';
import { withAdmin } from './support';
import { BEATRIZ_GUARDIANS, LUCAS_GUARDIANS } from './support/guardians';

/** Tab RESPONSÁVEIS of a student: who answers for them, who pays and who follows their school life. */
const meta = {
  title: 'Alunos/Responsáveis',
  component: GuardiansTable,
  args: { links: LUCAS_GUARDIANS, onEdit: fn(), onUnlink: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof GuardiansTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A minor: the mother pays, the father is the pedagogical responsible, the grandmother is only listed. */
export const MotherPaysFatherFollows: Story = {
  parameters: {
    expectText: [
      'Ana Paula Oliveira Santos',
      'Mãe',
      '529.982.247-25',
      '(91) 98888-7777',
      'Responsável financeiro',
      'Ricardo Santos Ferreira',
      'Pai',
      'Responsável pedagógico',
      'Avó/Avô',
      '(91) 3222-0000',
    ],
  },
};

/** The sister's record: the same grandmother (one record for both siblings), here the pedagogical responsible. */
export const SiblingSharesGrandmother: Story = {
  args: { links: BEATRIZ_GUARDIANS },
  parameters: { expectText: ['Maria das Graças Oliveira', '703.551.902-57', 'Responsável pedagógico'] },
};

/** Read-only (a role without students.write): no column of actions. */
export const ReadOnly: Story = {
  args: { onEdit: undefined, onUnlink: undefined },
  parameters: { expectText: ['Responsável por', 'ana.oliveira@gmail.com'] },
};

export const Empty: Story = {
  args: { links: [] },
  parameters: { expectText: 'Nenhum responsável vinculado a este aluno.' },
};
