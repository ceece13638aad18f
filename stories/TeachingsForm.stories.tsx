import type { Meta, StoryObj } from '@storybook/react-vite';
import { teachings } from '../resources/teachings';
import { ResourceCreate, ResourceEdit } from '../src/resources/ResourceForm';
import { ADMIN_BASENAME, TEACHINGS, withAdmin } from './support';

/** The registration and edit screens of Ensinos, generated from `resources/teachings.ts` (spec §2.8). */
const meta = {
  title: 'Ensinos/Formulário',
  id: 'ensinos-formulario',
  component: ResourceCreate,
  args: { config: teachings },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ResourceCreate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "Registrar ensino": empty form with SALVAR, LIMPAR and VOLTAR. */
export const Create: Story = {
  decorators: [
    withAdmin({
      data: { ensinos: TEACHINGS },
      path: `${ADMIN_BASENAME}/ensinos/registrar`,
      route: `${ADMIN_BASENAME}/ensinos/registrar`,
    }),
  ],
  parameters: { expectText: ['Registrar ensino', 'Nome', 'Descrição', 'Salvar'] },
};

/** "Editar ensino" of Ensino #1: react-admin's Edit reads the id from the route. */
export const Edit: Story = {
  render: (args) => <ResourceEdit {...args} />,
  decorators: [
    withAdmin({
      data: { ensinos: TEACHINGS },
      path: `${ADMIN_BASENAME}/ensinos/1/editar`,
      route: `${ADMIN_BASENAME}/ensinos/:id/editar`,
    }),
  ],
  parameters: { expectText: ['Editar ensino: Ensino Médio', 'Nome', 'Salvar', 'Limpar'], expectValue: 'Ensino Médio' },
};
