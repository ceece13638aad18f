import type { Meta, StoryObj } from '@storybook/react-vite';
import { students } from '../resources/students';
import { ResourceList } from '../src/resources/ResourceList';
import { withAdmin } from './support';
import { LONG_NAMED_STUDENTS } from './support/students';

/** The student list with long names: two lines at most, the whole name in a tooltip, status as a chip. */
const meta = {
  title: 'Alunos/Lista',
  component: ResourceList,
  args: { config: students },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ResourceList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LongNames: Story = {
  // Each story mounts its own admin (one router each): a story's URL carries its filters.
  decorators: [
    withAdmin({
      path: '/admin/alunos',
      route: '/admin/alunos',
      resource: 'alunos',
      data: { alunos: LONG_NAMED_STUDENTS },
    }),
  ],
  parameters: {
    expectText: [
      'Relação de todos os alunos',
      'JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI',
      'Trancado',
      'Evadido',
      'Ações',
    ],
  },
};

/** Filtered by Status = Trancado from the field filters beside the search box (issue 36). */
export const FilteredByStatus: Story = {
  decorators: [
    withAdmin({
      path: `/admin/alunos?filter=${encodeURIComponent(JSON.stringify({ status: 'Trancado' }))}`,
      route: '/admin/alunos',
      resource: 'alunos',
      data: { alunos: LONG_NAMED_STUDENTS },
    }),
  ],
  parameters: { expectText: ['Relação de todos os alunos', 'Trancado', 'Possui financeiro?', 'Exportar'] },
};
