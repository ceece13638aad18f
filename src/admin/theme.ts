import { deepmerge } from '@mui/utils';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
// MUI's own texts straight from MUI: the i18n module carries react-admin's translations, which the public pages
// (that share this theme) must not download.
import { ptBR as muiLocale } from '@mui/material/locale';
import type { Branding } from '../branding';

/** What a checkbox's slot functions read of its props. */
type CheckboxLabel = { 'aria-label'?: string; inputProps?: Record<string, unknown> };

const HEX = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** The admin theme: react-admin's default with the school's colours and MUI's own pt-BR texts. */
export function buildTheme(branding: Pick<Branding, 'main_color' | 'secondary_color'>): RaThemeOptions {
  const main = HEX.test(branding.main_color) ? branding.main_color : '#C4C4C4';
  const secondary = HEX.test(branding.secondary_color) ? branding.secondary_color : '#666666';
  return deepmerge(
    deepmerge(defaultTheme, {
      // MUI's orange (#ed6c02) under white text is 3.1:1, short of the 4.5:1 that small text needs (the enrolment badge
      // of a team above 25 students failed axe): a darker amber reads 5:1. MUI's blue of an info toast (#0288d1, 3.9:1)
      // failed the same way ("Lançando notas de …"): a darker one reads 4.8:1.
      palette: {
        primary: { main },
        secondary: { main: secondary },
        warning: { main: '#b45309' },
        info: { main: '#0277bd' },
      },
      sidebar: { width: 250 },
      components: {
        // react-admin's row checkbox (DataTable's `.select-item`) puts its aria-label on MUI's wrapper span, where axe
        // forbids it, and leaves the input nameless. Every checkbox's label goes to the input, which a screen reader
        // reads; the wrapper keeps none. A checkbox that labels its input itself (slotProps.input) is left as it is.
        MuiCheckbox: {
          defaultProps: {
            slotProps: {
              root: (owner: CheckboxLabel) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
              input: (owner: CheckboxLabel) =>
                owner['aria-label']
                  ? { ...owner.inputProps, 'aria-label': owner['aria-label'] }
                  : { ...owner.inputProps },
            },
          },
        },
        RaAppBar: { styleOverrides: { root: { '& .RaAppBar-toolbar': { backgroundColor: secondary } } } },
        // The menu scrolls on its own, with a visible bar, when it is taller than the window (768 px).
        RaSidebar: {
          styleOverrides: {
            // A fixed box is as wide as its longest line unless told otherwise: wider than the drawer, the page painted
            // over its end and cut entries mid-word ("Relatório financeiro por turm"). It takes the drawer's width, so
            // long entries wrap.
            root: {
              '& .RaSidebar-fixed': {
                width: 'inherit',
                height: 'calc(100vh - 48px)',
                overflowY: 'auto',
                scrollbarWidth: 'thin',
                '&::-webkit-scrollbar': { display: 'block', width: 8 },
              },
            },
          },
        },
      },
    }),
    muiLocale,
  ) as RaThemeOptions;
}
