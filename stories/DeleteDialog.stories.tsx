import { Paper, Stack, Typography } from '@mui/material';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RecordContextProvider } from 'react-admin';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { upper } from '../src/format';
import { ConfirmDeleteButton, ConfirmDeleteDialog } from '../src/resources/ConfirmDeleteButton';
import { REFUSED_DELETE_MESSAGE, TEACHINGS, withAdmin } from './support';

/** The confirmation every deletion asks for (spec §2.9), and the row button that opens it. */
const meta = {
  title: 'Listas/Remover',
  component: ConfirmDeleteDialog,
  args: { open: true, busy: false, onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof ConfirmDeleteDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

// Per story, not on meta: a story needing other data brings its own (one AdminStory, one router).
const admin = withAdmin({ data: { ensinos: TEACHINGS }, titleBar: false });

/** The dialog open: "Sim, apague!" / "Não, cancele!". */
export const Dialog: Story = {
  decorators: [admin],
  parameters: {
    expectText: ['Deseja confirmar a ação?', 'Você não será capaz de reverter isso!', 'Sim, apague!', 'Não, cancele!'],
  },
};

/** While the deletion runs, both buttons are disabled. */
export const DialogBusy: Story = {
  decorators: [admin],
  args: { busy: true },
  parameters: { expectText: 'Deseja confirmar a ação?' },
};

const record = TEACHINGS[0];

/** A list row of Ensino #1 with its delete button (in react-admin's record and resource contexts). */
function RowWithDeleteButton() {
  return (
    <RecordContextProvider value={record}>
      <Paper sx={{ p: 1, pl: 2, maxWidth: 420 }}>
        <Stack direction="row" alignItems="center" justifyContent="space-between">
          <Typography>{upper(record.name)}</Typography>
          <ConfirmDeleteButton label="Remover" />
        </Stack>
      </Paper>
    </RecordContextProvider>
  );
}

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The button alone. */
export const Button: Story = {
  decorators: [admin],
  render: () => <RowWithDeleteButton />,
  parameters: { expectText: upper(record.name) },
};

/** A click on the button opens the confirmation. */
export const ButtonClicked: Story = {
  decorators: [admin],
  render: () => <RowWithDeleteButton />,
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Remover' }));
    const dialog = await body(canvasElement).findByRole('dialog');
    // The dialog fades in: wait for the transition to end.
    await waitFor(() => expect(dialog).toBeVisible());
  },
  parameters: { expectText: 'Deseja confirmar a ação?' },
};

/** Confirmed: the record is deleted and the success toast shows. */
export const ButtonConfirmed: Story = {
  decorators: [admin],
  render: () => <RowWithDeleteButton />,
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Remover' }));
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Sim, apague!' }));
  },
  parameters: { expectText: 'Registro apagado com sucesso!' },
};

/** Confirmed, but the server refuses (409: other records depend on it): the error toast shows its message. */
export const ButtonRefused: Story = {
  render: () => <RowWithDeleteButton />,
  decorators: [
    withAdmin({
      data: { ensinos: TEACHINGS },
      dataProviderOptions: { undeletable: { ensinos: [record.id] } },
      titleBar: false,
    }),
  ],
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Remover' }));
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Sim, apague!' }));
  },
  parameters: { expectText: REFUSED_DELETE_MESSAGE },
};
