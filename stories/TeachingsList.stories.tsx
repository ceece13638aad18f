import type { Meta, StoryObj } from '@storybook/react-vite';
import { teachings } from '../resources/teachings';
import { ResourceList } from '../src/resources/ResourceList';
import { manyTeachings, TEACHINGS, withAdmin } from './support';

/** The list screen of Ensinos, generated from `resources/teachings.ts` (spec §2.7). */
const meta = {
  title: 'Ensinos/Lista',
  component: ResourceList,
  args: { config: teachings },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ResourceList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A few Ensinos, newest first (the config's default sort: # descending). */
export const Default: Story = {
  decorators: [withAdmin({ data: { ensinos: TEACHINGS } })],
  parameters: { expectText: ['Relação de todos os ensinos', 'ENSINO MÉDIO', 'EDUCAÇÃO DE JOVENS E ADULTOS'] },
};

/** No Ensino registered yet. */
export const Empty: Story = {
  decorators: [withAdmin({ data: { ensinos: [] } })],
  parameters: { expectText: ['Relação de todos os ensinos', 'Nenhum registro encontrado'] },
};

/** 35 Ensinos: ten per page, with the page links of src/resources/PageLinks.tsx. */
export const ManyPages: Story = {
  decorators: [withAdmin({ data: { ensinos: manyTeachings(35) } })],
  parameters: { expectText: ['Relação de todos os ensinos', 'CURSO TÉCNICO 35', '1-10 de 35'] },
};
