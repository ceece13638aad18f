import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';
import { MoneyInput } from '../src/components/MoneyInput';

/** The one money input of every money field (issue 35): the amount read as a Brazilian writes it. */
function Field({ initial, label }: { initial: string; label: string }) {
  const [value, setValue] = useState(initial);
  return <MoneyInput label={label} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Componentes/Campo de valor',
  component: Field,
  args: { initial: '', label: 'Valor da parcela' },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A charge's R$ 650,00 as stored. */
export const Filled: Story = {
  args: { initial: '650,00' },
  parameters: { expectText: ['Valor da parcela', 'R$'], expectValue: '650,00' },
};

/** "1.500" typed in the plan's instalment: R$ 1.500,00 once the person leaves the field. */
export const TypedThousands: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Valor da parcela' });
    await userEvent.type(input, '1.500');
    await userEvent.tab();
  },
  parameters: { expectText: ['Valor da parcela'], expectValue: '1.500,00' },
};

/** "500,5" typed in a fixed scholarship: R$ 500,50. */
export const TypedOneDecimal: Story = {
  args: { label: 'Valor fixo' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Valor fixo' });
    await userEvent.type(input, '500,5');
    await userEvent.tab();
  },
  parameters: { expectText: ['Valor fixo'], expectValue: '500,50' },
};
