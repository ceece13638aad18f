import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { BrandingProvider, DEFAULT_BRANDING, type Branding } from '../../src/branding';
import { PublicTheme } from '../../src/public/PublicTheme';

/** A school's identity as `/data-of-client` gives it: the portal wears its colours. */
export const PORTAL_BRANDING: Branding = {
  ...DEFAULT_BRANDING,
  school_name: 'Colégio São José',
  email: 'secretaria@colegiosaojose.edu.br',
  phones: ['9132225555'],
  main_color: '#1B5E20',
  secondary_color: '#37474F',
  city: 'Belém',
};

/** The family portal's screens outside react-admin: the school's branding and theme, and a router for its links. */
export const withPortal: Decorator = (Story) => (
  <BrandingProvider initial={PORTAL_BRANDING}>
    <MemoryRouter initialEntries={['/portal']}>
      <PublicTheme>
        <Story />
      </PublicTheme>
    </MemoryRouter>
  </BrandingProvider>
);
