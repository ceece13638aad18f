import { lazy, Suspense, type ReactNode } from 'react';
import {
  createBrowserRouter,
  createRoutesFromElements,
  Navigate,
  Route,
  RouterProvider,
  useLocation,
  useParams,
} from 'react-router-dom';
import { isLightAddress } from './admin/lightAddress';
import { getToken } from './api/http';
import { PublicNavigation } from './public/navigation';
import { chunk, lazyChunk } from './routeChunks';

// The router itself loads after the first paint of the home and /verificar (src/Shell.tsx).
// Every page is its own chunk: a visitor on / or on /verificar (a QR code on a phone) downloads that
// page only, and the admin (react-admin, the grids, the charts) loads after sign-in.
const HomePage = lazy(() => import('./public/HomePage').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('./public/LoginPage').then((m) => ({ default: m.LoginPage })));
const ResetPasswordPage = lazy(() =>
  import('./public/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyPage = lazy(() => import('./public/VerifyPage').then((m) => ({ default: m.VerifyPage })));
// New families' admission form and its follow link (issue 39).
const AdmissionPage = lazy(() => import('./public/AdmissionPage').then((m) => ({ default: m.AdmissionPage })));
const AdmissionFollowPage = lazy(() =>
  import('./public/AdmissionPage').then((m) => ({ default: m.AdmissionFollowPage })),
);
const NotFoundPage = lazy(() => import('./public/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const AdminApp = lazy(() => import('./admin/AdminApp').then((m) => ({ default: m.AdminApp })));
// The teacher's screens (Minhas aulas, the roll call, their grade entry) without the back office (issue 36).
const lightAppChunk = chunk(() => import('./admin/LightApp'));
const LightApp = lazyChunk(lightAppChunk, 'LightApp');
// The family portal: a chunk of its own, without react-admin (a guardian on a phone downloads the portal only).
const portalAppChunk = chunk(() => import('./portal/PortalApp'));
const PortalApp = lazyChunk(portalAppChunk, 'PortalApp');
// The app of this address asked for now, before the router draws (its files are already on their way).
const arrived = (load: Promise<unknown>) => load.then(undefined, () => undefined);
/** Settles once this address's app (and, for the roll call, its page) has arrived, or could not (src/main.tsx). */
export const routeChunksArrived: Promise<unknown> =
  getToken() && isLightAddress(window.location.pathname)
    ? arrived(lightAppChunk.load().then((m) => m.lightRouteArrived))
    : /^\/portal(\/|$)/.test(window.location.pathname)
      ? arrived(portalAppChunk.load())
      : Promise.resolve();

const page = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

/** /verificar reached by the router (back from another page); a first visit is drawn by src/Shell.tsx. */
function VerifyRoute() {
  const { code = '' } = useParams();
  return <VerifyPage code={code} />;
}

/**
 * The admin only mounts with a token: without one, react-admin's own logout-and-redirect would keep
 * re-running while it stays mounted. An expired token is found by /auth/me, cleared, and lands here too.
 */
function SignedIn() {
  const { pathname } = useLocation();
  if (!getToken()) return <Navigate to="/login" replace />;
  return page(isLightAddress(pathname) ? <LightApp /> : <AdminApp />);
}

// A data router: react-admin's warnWhenUnsavedChanges can only hold back a navigation with one.
export const router = createBrowserRouter(
  createRoutesFromElements(
    <>
      <Route path="/" element={page(<HomePage />)} />
      <Route path="/login" element={page(<LoginPage />)} />
      <Route path="/redefinir-senha" element={page(<ResetPasswordPage />)} />
      <Route path="/verificar/:code" element={page(<VerifyRoute />)} />
      <Route path="/matricula" element={page(<AdmissionPage />)} />
      <Route path="/matricula/acompanhar" element={page(<AdmissionFollowPage />)} />
      <Route path="/admin/*" element={<SignedIn />} />
      <Route path="/portal/*" element={page(<PortalApp />)} />
      <Route path="*" element={page(<NotFoundPage />)} />
    </>,
  ),
);

const navigate = (to: string) => void router.navigate(to);

/** Every address but a first visit to the home or /verificar (src/Shell.tsx provides the branding). */
export function App() {
  return (
    <PublicNavigation.Provider value={navigate}>
      <RouterProvider router={router} />
    </PublicNavigation.Provider>
  );
}
