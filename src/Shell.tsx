import { lazy, Suspense, useCallback, useState } from 'react';
import { BrandingProvider } from './branding';
import { PublicNavigation } from './public/navigation';
import { chunk, lazyChunk } from './routeChunks';

const appChunk = chunk(() => import('./App'));
const App = lazyChunk(appChunk, 'App');

/**
 * Settles once the chunks of this address's screen have arrived (the router, the teacher's light app and Minhas aulas,
 * or the family portal), or could not be fetched: drawn after that, each lazy level finds its module and draws at
 * once, instead of drawing a blank fallback that React reveals again at most every 300 ms (src/main.tsx, issue 36).
 */
export const routeArrived = (): Promise<unknown> =>
  appChunk.load().then(
    (m) => m.routeChunksArrived,
    () => undefined,
  );
const HomePage = lazy(() => import('./public/HomePage').then((m) => ({ default: m.HomePage })));
const VerifyPage = lazy(() => import('./public/VerifyPage').then((m) => ({ default: m.VerifyPage })));

const VERIFY = /^\/verificar\/([^/]+)\/?$/;

/** The page drawn without the router for this address, if any. */
function standalone(path: string) {
  if (path === '/') return <HomePage />;
  const verify = VERIFY.exec(path);
  if (verify) {
    let code: string;
    try {
      code = decodeURIComponent(verify[1]);
    } catch {
      return null; // a malformed address: the router's 404
    }
    return <VerifyPage code={code} />;
  }
  return null;
}

/**
 * What every address loads first. The public home and /verificar (a QR code scanned on a phone) are the
 * addresses strangers open: they are drawn at once, without the router (react-router alone is ~30 kB
 * gzip); the first link followed from them loads the router, which takes over from there (back and
 * forward included). Every other address starts with the router (src/App.tsx).
 */
export function Shell() {
  const [page] = useState(() => standalone(window.location.pathname));
  const [routed, setRouted] = useState(page === null);
  const go = useCallback((to: string) => {
    appChunk
      .load()
      .then(({ router }) => router.navigate(to))
      .then(() => setRouted(true))
      // The router could not be fetched (a dropped connection): the browser goes there itself.
      .catch(() => window.location.assign(to));
  }, []);
  return (
    <BrandingProvider>
      <Suspense fallback={null}>
        {routed ? <App /> : <PublicNavigation.Provider value={go}>{page}</PublicNavigation.Provider>}
      </Suspense>
    </BrandingProvider>
  );
}
