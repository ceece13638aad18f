import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { buildTheme } from '../admin/theme';
import { useBranding } from '../branding';

/** Public pages wear the school's colours too. */
export function PublicTheme({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const theme = useMemo(() => createTheme(buildTheme(branding)), [branding]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
