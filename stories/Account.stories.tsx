import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert, Button, Stack } from '@mui/material';
import { fn, userEvent, within } from 'storybook/test';
import { AccountView } from '../src/account/AccountPage';
import type { CallResult } from '../src/components/serverErrors';
import { withAdmin } from './support';

const accepted = async (): Promise<CallResult<unknown>> => ({ ok: true, body: {} });
const refused = async (): Promise<CallResult<unknown>> => ({
  ok: false,
  errors: { current_password: 'A senha atual não confere.' },
});

/** Minha conta (user menu): a teacher's own name and password, and the two-step sign-in below them. */
const meta = {
  title: 'Conta/Minha conta',
  component: AccountView,
  args: {
    name: 'Paulo Professor',
    email: 'paulo.professor@escolamodelo.edu.br',
    roleName: 'Professor',
    saveName: fn(accepted),
    changePassword: fn(accepted),
    twoStep: (
      <Stack spacing={2}>
        <Alert severity="info">Desativada: ao entrar, o sistema pede só a senha.</Alert>
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Ativar a verificação em duas etapas
        </Button>
      </Stack>
    ),
  },
  decorators: [withAdmin({ path: '/admin/minha-conta' })],
} satisfies Meta<typeof AccountView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MinhaConta: Story = {
  parameters: {
    expectText: ['Seus dados', 'Perfil: Professor', 'Senha', 'Trocar senha', 'Verificação em duas etapas'],
    expectValue: ['Paulo Professor', 'paulo.professor@escolamodelo.edu.br'],
  },
};

/** The current password was wrong: the server's words under the field. */
export const SenhaAtualErrada: Story = {
  args: { changePassword: fn(refused) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Senha atual/), 'chute-123');
    await userEvent.type(canvas.getByLabelText(/^Nova senha/), 'senha-nova-123');
    await userEvent.type(canvas.getByLabelText(/^Repita a nova senha/), 'senha-nova-123');
    await userEvent.click(canvas.getByRole('button', { name: 'Trocar senha' }));
  },
  parameters: { expectText: ['A senha atual não confere.'] },
};
