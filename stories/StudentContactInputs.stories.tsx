import { Button, Stack } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form, type RaRecord } from 'react-admin';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fieldOf } from '../resources';
import { students } from '../resources/students';
import { FieldInput } from '../src/resources/inputs';
import { withAdmin } from './support';

/**
 * CPF, Contato and CEP of the student form, as src/resources/inputs.tsx renders them from
 * `resources/students.ts`: masked on screen, digits in the record.
 */
function StudentContactInputs({ record }: { record?: Partial<RaRecord> }) {
  return (
    <Form record={record} onSubmit={() => undefined}>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        {['cpf', 'phone', 'cep'].map((name) => (
          <FieldInput key={name} field={fieldOf(students, name)} mode="edit" />
        ))}
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Salvar
        </Button>
      </Stack>
    </Form>
  );
}

const meta = {
  title: 'Alunos/CPF, contato e CEP',
  component: StudentContactInputs,
  decorators: [withAdmin({ resource: 'alunos', titleBar: false })],
} satisfies Meta<typeof StudentContactInputs>;

export default meta;
type Story = StoryObj<typeof meta>;

const LABELS = ['CPF', 'Contato', 'CEP'];

/** A stored student: the digits of the database shown with their masks. */
export const Prefilled: Story = {
  args: { record: { id: 1, cpf: '38615492042', phone: '91988887777', cep: '66000000' } },
  parameters: { expectText: LABELS, expectValue: ['386.154.920-42', '(91) 98888-7777', '66000-000'] },
};

/** Digits typed one by one take the mask as they come (the CEP last: leaving it looks the address up). */
export const Typed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('CPF'), '38615492042');
    await userEvent.type(canvas.getByLabelText('Contato'), '91988887777');
    await userEvent.type(canvas.getByLabelText('CEP'), '660000001');
    await waitFor(() => expect(canvas.getByLabelText('CEP')).toHaveValue('66000-000'));
  },
  parameters: { expectText: LABELS, expectValue: ['386.154.920-42', '(91) 98888-7777', '66000-000'] },
};

/** A CPF whose check digits do not hold is refused on saving, before any request. */
export const InvalidCpf: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('CPF'), '38615492043');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
  },
  parameters: { expectText: 'CPF inválido.', expectValue: '386.154.920-43' },
};
