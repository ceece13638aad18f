import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MergeDialog } from '../src/duplicates/MergeDialog';
import { withAdmin } from './support';
import { HELOISA_PAIR, ROSANGELA_PAIR } from './support/duplicates';

/** "Unir": both records side by side, and which one stays. */
const meta = {
  title: 'Alunos/Unir duplicados',
  component: MergeDialog,
  args: { kind: 'students', pair: HELOISA_PAIR, onClose: fn(), onConfirm: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof MergeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Students: Story = {
  parameters: {
    expectText: ['Unir registros duplicados', '529.982.247-25', '09/04/2011', 'ROSÂNGELA MARTINS', '11 cobranças'],
  },
};

export const Guardians: Story = {
  args: { kind: 'guardians', pair: ROSANGELA_PAIR },
  parameters: { expectText: ['(91) 98765-1234', 'Alunos vinculados', 'Tem acesso'] },
};
