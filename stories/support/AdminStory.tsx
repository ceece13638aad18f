import { Box, Link as MuiLink, Paper, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { AdminContext, memoryStore, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { customMethods } from '../../dataProvider/custom';
import { buildTheme } from '../../src/admin/theme';
import { ToastNotification } from '../../src/admin/ToastNotification';
import { DEFAULT_BRANDING } from '../../src/branding';
import { i18nProvider } from '../../src/i18n';
import { createMemoryDataProvider, type MemoryData, type MemoryDataProviderOptions } from './memoryDataProvider';

/** The app mounts react-admin under `/admin` (see src/admin/AdminApp.tsx). */
export const ADMIN_BASENAME = '/admin';

const theme = buildTheme(DEFAULT_BRANDING);

export interface AdminStoryProps {
  children: ReactNode;
  /** Initial URL of the MemoryRouter, e.g. `/admin/ensinos/1/editar`. */
  path?: string;
  /** Route pattern the children are mounted at (gives `:id` to an Edit), e.g. `/admin/ensinos/:id/editar`. */
  route?: string;
  /** react-admin resource name (the config's `adminPath`). */
  resource?: string;
  /** Rows of the in-memory DataProvider, per resource. */
  data?: MemoryData;
  dataProviderOptions?: MemoryDataProviderOptions;
  /** A ready DataProvider instead of `data`. */
  dataProvider?: DataProvider;
  /** Who is signed in (their identity), where a screen depends on it; nobody by default. */
  authProvider?: AuthProvider;
  /**
   * Show the grey title bar that receives react-admin's `<Title>` (screens). Off for lone components
   * (toast, dialog, pagination), which have no page title.
   */
  titleBar?: boolean;
}

/** Where the story ends up when a link leads outside the story's screen. */
function OutsideTheStory({ home }: { home: string }) {
  const location = useLocation();
  return (
    <Paper sx={{ p: 3 }}>
      <Typography gutterBottom>
        Navegação para <code>{location.pathname + location.search}</code>, fora da tela desta história.
      </Typography>
      <MuiLink component={Link} to={home}>
        Voltar à tela da história
      </MuiLink>
    </Paper>
  );
}

/**
 * Renders a screen as the admin does: react-admin's AdminContext (in-memory data, pt-BR texts, the
 * school theme), a MemoryRouter at `path`, a title bar receiving react-admin's `<Title>` portal and
 * the toasts of src/admin/ToastNotification.
 */
export function AdminStory({
  children,
  path = `${ADMIN_BASENAME}/ensinos`,
  route = '*',
  resource = 'ensinos',
  data = {},
  dataProviderOptions,
  dataProvider,
  authProvider,
  titleBar = true,
}: AdminStoryProps) {
  // One provider and one store per mounted story: nothing leaks from a story into the next. The bespoke screens'
  // methods (dataProvider/custom.ts) are always there, calling `/api` as in the app: a story or a test answers
  // them with a stubbed `fetch`, the given provider's own methods first.
  const [provider] = useState(() => ({
    ...customMethods,
    ...(dataProvider ?? createMemoryDataProvider(data, dataProviderOptions)),
  }));
  const [store] = useState(() => memoryStore());
  return (
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        basename={ADMIN_BASENAME}
        dataProvider={provider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        store={store}
      >
        <ResourceContextProvider value={resource}>
          <Box sx={titleBar ? { minHeight: '100vh', bgcolor: 'background.default' } : undefined}>
            {titleBar && (
              <Box sx={{ px: 2, py: 1.5, mb: 1, bgcolor: DEFAULT_BRANDING.secondary_color, color: '#fff' }}>
                {/* react-admin's <Title> portals the page title here, as into the app bar. */}
                <Typography variant="h6" component="h1" id="react-admin-title" sx={{ minHeight: 32 }} />
              </Box>
            )}
            <Box sx={titleBar ? { px: 2, pb: 2 } : undefined}>
              <Routes>
                <Route path={route} element={children} />
                <Route path="*" element={<OutsideTheStory home={path} />} />
              </Routes>
            </Box>
          </Box>
          <ToastNotification />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>
  );
}
