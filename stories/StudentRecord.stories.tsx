import type { Meta, StoryObj } from '@storybook/react-vite';
import { students } from '../resources/students';
import { ResourceShow } from '../src/resources/ResourceShow';
import { withAdmin } from './support';
import { STUDENT_RECORD } from './support/students';

/** A student's page (EXIBIR), generated from `resources/students.ts`: labels, the form's sections, '—' for empty. */
const meta = {
  title: 'Alunos/Exibir',
  component: ResourceShow,
  args: { config: students },
  parameters: { layout: 'fullscreen' },
  decorators: [
    withAdmin({
      path: '/admin/alunos/7/show',
      route: '/admin/alunos/:id/show',
      resource: 'alunos',
      data: { alunos: [STUDENT_RECORD] },
    }),
  ],
} satisfies Meta<typeof ResourceShow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Student: Story = {
  parameters: {
    expectText: [
      'Dados pessoais',
      'Documentos',
      'Endereço',
      'Contato',
      'Filiação',
      'Nome da mãe',
      '13/04/2007',
      '529.982.247-25',
      '—',
    ],
  },
};
