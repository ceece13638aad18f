import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Toast } from '../src/admin/ToastNotification';
import { withAdmin } from './support';

/** The five-second toast, top right, of every notification (spec §8). */
const meta = {
  title: 'Admin/Toast',
  component: Toast,
  args: { open: true, onClose: fn(), onExited: fn() },
  decorators: [withAdmin({ titleBar: false })],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: { type: 'success', message: 'Registro salvo com sucesso!' },
  parameters: { expectText: ['Sucesso!', 'Registro salvo com sucesso!'] },
};

export const Error: Story = {
  args: { type: 'error', message: 'Este registro não pode ser apagado: há turmas que dependem dele.' },
  parameters: { expectText: ['Erro', 'Este registro não pode ser apagado: há turmas que dependem dele.'] },
};

export const Warning: Story = {
  args: { type: 'warning', message: 'Verifique os campos destacados.' },
  parameters: { expectText: ['Atenção!', 'Verifique os campos destacados.'] },
};
