import { lazy, Suspense } from 'react';
import { createBrowserRouter, createRoutesFromElements, Navigate, Route, RouterProvider } from 'react-router-dom';
import { getToken } from './api/http';
import { BrandingProvider } from './branding';
import { HomePage } from './public/HomePage';
import { LoginPage } from './public/LoginPage';
import { NotFoundPage } from './public/NotFoundPage';
import { ResetPasswordPage } from './public/ResetPasswordPage';
import { VerifyPage } from './public/VerifyPage';

// Loaded on entering /admin only: the public pages (a QR code leads to /verificar on a phone) stay light.
const AdminApp = lazy(() => import('./admin/AdminApp').then((m) => ({ default: m.AdminApp })));

/**
 * The admin only mounts with a token: without one, react-admin's own logout-and-redirect would keep
 * re-running while it stays mounted. An expired token is found by /auth/me, cleared, and lands here too.
 */
function SignedIn() {
  return getToken() ? (
    <Suspense fallback={null}>
      <AdminApp />
    </Suspense>
  ) : (
    <Navigate to="/login" replace />
  );
}

// A data router: react-admin's warnWhenUnsavedChanges can only hold back a navigation with one.
const router = createBrowserRouter(
  createRoutesFromElements(
    <>
      <Route path="/" element={<HomePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/redefinir-senha" element={<ResetPasswordPage />} />
      <Route path="/verificar/:code" element={<VerifyPage />} />
      <Route path="/admin/*" element={<SignedIn />} />
      <Route path="*" element={<NotFoundPage />} />
    </>,
  ),
);

export function App() {
  return (
    <BrandingProvider>
      <RouterProvider router={router} />
    </BrandingProvider>
  );
}
