import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DuplicateList } from '../src/duplicates/DuplicatesPage';
import { withAdmin } from './support';
import { HELOISA_PAIR, LUCAS_PAIR } from './support/duplicates';

/** Alunos › Possíveis duplicados: the pairs typing and imports made, with why each looks like one person. */
const meta = {
  title: 'Alunos/Possíveis duplicados',
  component: DuplicateList,
  args: { onMerge: fn(), page: { data: [HELOISA_PAIR, LUCAS_PAIR], total: 2, current_page: 1, last_page: 1 } },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof DuplicateList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoPairs: Story = {
  parameters: {
    expectText: [
      '2 pares com o mesmo CPF, ou o mesmo nome e outro dado igual. Confira os dois registros antes de unir.',
      'HELOÍSA MARTINS COSTA',
      'Mesmo nome e data de nascimento',
      'Mesmo CPF',
    ],
  },
};

export const None: Story = {
  args: { page: { data: [], total: 0, current_page: 1, last_page: 1 } },
  parameters: { expectText: ['Nenhum possível duplicado encontrado.'] },
};
