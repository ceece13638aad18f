import type { Meta, StoryObj } from '@storybook/react-vite';
import QRCode from 'qrcode';
import { Card, CardContent } from '@mui/material';
import { PublicTheme } from '../src/public/PublicTheme';
import { RecoveryCodes } from '../src/account/RecoveryCodes';
import { TwoStepCodeStep } from '../src/account/TwoStepCodeStep';
import { TwoStepEnrol } from '../src/account/TwoStepEnrol';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Col%C3%A9gio%20Monteiro%20Lobato:marta.financeiro%40colegiomonteiro.edu.br?issuer=Col%C3%A9gio%20Monteiro%20Lobato&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = [
  'k7m2p-x9qr4',
  'h3t8w-c2nv6',
  'p5d9a-m7kx3',
  'z4r6b-q8tw2',
  'e9n3j-v5hs7',
  'w2c7x-t4pm9',
  'r8k5q-a3zd6',
  'm6v2h-n9bc4',
  's3x8e-k7jw5',
  'f9t4z-d2rq8',
];

async function enrolment() {
  const svg = await QRCode.toString(URI, { type: 'svg', margin: 1 });
  return { secret: SECRET, uri: URI, qr: `data:image/svg+xml;base64,${btoa(svg)}` };
}

/** Two-step sign-in: the login's second step, the enrolment with the authenticator app, the recovery codes. */
const meta = {
  title: 'Conta/Verificação em duas etapas',
  component: RecoveryCodes,
  args: { codes: CODES },
  decorators: [
    (Story) => (
      <PublicTheme>
        <Card sx={{ maxWidth: 480, m: 2 }}>
          <CardContent>{Story()}</CardContent>
        </Card>
      </PublicTheme>
    ),
  ],
} satisfies Meta<typeof RecoveryCodes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shown once, right after the first code confirmed the enrolment. */
export const CodigosDeRecuperacao: Story = {
  parameters: { expectText: ['k7m2p-x9qr4', 'f9t4z-d2rq8', 'Copiar códigos'] },
};

/** Minha conta › Verificação em duas etapas: the QR, the key to type by hand and the first code. */
export const Ativacao: Story = {
  render: () => (
    <TwoStepEnrol start={enrolment} confirm={async () => ({ recovery_codes: CODES })} onDone={() => undefined} />
  ),
  parameters: { expectText: [SECRET, '2. Digite o código de 6 dígitos que o aplicativo mostra.'] },
};

/** The login page after a right password of Marta, of the Financeiro, who turned it on. */
export const CodigoNoLogin: Story = {
  render: () => (
    <TwoStepCodeStep challenge="desafio-de-exemplo" onSignedIn={() => undefined} onBack={() => undefined} />
  ),
  parameters: { expectText: ['Verificação em duas etapas', 'Voltar para e-mail e senha'] },
};
