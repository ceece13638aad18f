import type { Meta, StoryObj } from '@storybook/react-vite';
import { ListBase } from 'react-admin';
import { students } from '../resources/students';
import { CardList } from '../src/resources/CardList';
import { withAdmin } from './support';
import { LONG_NAMED_STUDENTS } from './support/students';

/** A list on a phone: a card per student with the name whole, the other columns as label and value. */
function PhoneStudents() {
  return (
    <ListBase resource="alunos" perPage={10}>
      <CardList
        config={students}
        columns={['id', 'name', 'status', 'email']}
        target={(id) => `/admin/alunos/${String(id)}/show`}
      />
    </ListBase>
  );
}

const meta = {
  title: 'Listas/Cartões no celular',
  component: PhoneStudents,
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  decorators: [
    withAdmin({
      path: '/admin/alunos',
      route: '/admin/alunos',
      resource: 'alunos',
      data: { alunos: LONG_NAMED_STUDENTS },
    }),
  ],
} satisfies Meta<typeof PhoneStudents>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LongNames: Story = {
  parameters: {
    expectText: [
      'JOSÉ ANTÔNIO DA SILVA BRANDÃO DE ALBUQUERQUE CAVALCANTI',
      'MARIA EDUARDA GONÇALVES VASCONCELOS DE SÁ PEREIRA NOGUEIRA',
      'jose.antonio.brandao@exemplo.com.br',
      'Trancado',
    ],
  },
};
