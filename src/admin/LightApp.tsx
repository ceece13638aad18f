import { CssBaseline, LinearProgress } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { Suspense, useMemo } from 'react';
import { CoreAdminContext } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { authProvider } from '../../authProvider';
import { lightDataProvider } from '../../dataProvider/light';
import { useBranding } from '../branding';
import { lazyNamed } from '../components/lazyNamed';
import { i18nProvider } from '../i18n';
import { chunk, lazyChunk } from '../routeChunks';
import { LightLayout } from './LightLayout';
import { buildTheme } from './theme';

// The toasts follow a tap (Salvar…): fetched alongside the page, not before it.
const ToastNotification = lazyNamed(() => import('./ToastNotification'), 'ToastNotification');
const lessonsPageChunk = chunk(() => import('../lessons/LessonsPage'));
const LessonsPage = lazyChunk(lessonsPageChunk, 'LessonsPage');
// Minhas aulas asked for now, before the light app draws (its files are already on their way); settles once arrived
// or failed (src/main.tsx waits for it before the first draw).
export const lightRouteArrived: Promise<unknown> = /^\/admin\/minhas-aulas(\/|$)/.test(window.location.pathname)
  ? lessonsPageChunk.load().catch(() => undefined)
  : Promise.resolve();
const TeamDisciplinesPage = lazyNamed(() => import('../teams/TeamDisciplinesPage'), 'TeamDisciplinesPage');

/**
 * The teacher's screens on a phone (issue 36): react-admin's data layer (the same authProvider and translations,
 * and a dataProvider of these screens' areas, dataProvider/light.ts, built from the modules of the back office's,
 * through ra-core's CoreAdminContext) without its back office: no resource screens, no
 * react-admin layout, forms or lists. A teacher opening Minhas aulas on 3G downloads the roll call and little
 * else; a link to any other screen of the menu loads the back office in its place (src/App.tsx).
 */
export function LightApp() {
  const branding = useBranding();
  const theme = useMemo(() => createTheme(buildTheme(branding)), [branding]);
  return (
    <CoreAdminContext
      basename="/admin"
      dataProvider={lightDataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
    >
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <LightLayout>
          <Suspense fallback={<LinearProgress aria-label="Carregando" sx={{ mt: 1 }} />}>
            <Routes>
              <Route path="minhas-aulas/*" element={<LessonsPage />} />
              <Route path="turmas/:id/disciplinas/*" element={<TeamDisciplinesPage />} />
            </Routes>
          </Suspense>
        </LightLayout>
        <Suspense fallback={null}>
          <ToastNotification />
        </Suspense>
      </ThemeProvider>
    </CoreAdminContext>
  );
}
