import type { Meta, StoryObj } from '@storybook/react-vite';
import { charges } from '../resources/charges';
import { ResourceList } from '../src/resources/ResourceList';
import { withAdmin } from './support';
import { SCHOOL_CHARGES } from './support/charges';

/** Cobranças (issue 36): every charge of the school, filtered by situation and due month beside the search box. */
const meta = {
  title: 'Financeiro/Cobranças',
  component: ResourceList,
  args: { config: charges },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ResourceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A late charge, an open one and a paid one, with the Situação and Mês de vencimento filters beside the search. */
export const ThreeCharges: Story = {
  decorators: [
    withAdmin({
      path: '/admin/cobrancas',
      route: '/admin/cobrancas',
      resource: 'cobrancas',
      data: { cobrancas: SCHOOL_CHARGES },
    }),
  ],
  parameters: {
    expectText: [
      'Relação de todas as cobranças',
      'JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI',
      'Situação',
    ],
  },
};
