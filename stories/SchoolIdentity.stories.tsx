import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CityDialog } from '../src/school/CityPrompt';
import { LOGO_HELP, SchoolLogoField } from '../src/school/SchoolLogoField';
import { withAdmin } from './support';

/** A small blue logo as a data address, for the stories without a server to serve one. */
const LOGO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#1e5aa8"/>' +
      '<text x="60" y="38" font-size="20" fill="#fff" text-anchor="middle" font-family="sans-serif">EMS</text></svg>',
  );

/**
 * The school's identity on its documents (issue 35): the city asked on Administração's first sign-in of a fresh
 * install, and the logo sent from Configurações da escola.
 */
const meta = {
  title: 'Escola/Cidade e logotipo',
  component: CityDialog,
  args: { open: true, busy: false, error: null, onSave: fn(), onLater: fn() },
  decorators: [withAdmin({ titleBar: false })],
} satisfies Meta<typeof CityDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A fresh install: the city, which dates every document, asked on signing in. */
export const CityAsked: Story = {
  parameters: {
    expectText: ['Em que cidade fica a escola?', 'Cidade da escola', 'Agora não', 'Salvar'],
  },
};

/** The server refused the city: its message under the field. */
export const CityRefused: Story = {
  args: { error: 'A cidade deve ter no máximo 120 caracteres.' },
  parameters: { expectText: 'A cidade deve ter no máximo 120 caracteres.' },
};

/** Configurações da escola › Logotipo, none sent yet. */
export const NoLogo: Story = {
  render: () => <SchoolLogoField value={null} onChange={fn()} />,
  parameters: { expectText: ['Logotipo', 'Sem logotipo', 'Enviar logotipo', LOGO_HELP] },
};

/** The current logo, to change or remove (after the confirmation). */
export const WithLogo: Story = {
  render: () => <SchoolLogoField value={LOGO} onChange={fn()} />,
  parameters: { expectText: ['Trocar logotipo', 'Remover logotipo'] },
};
