import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { PublicTheme } from '../public/PublicTheme';
import { getPortalToken, onPortalSessionEnded, portalApi, type PortalMe } from './api';
import { lazyNamed } from '../components/lazyNamed';
import { PortalHome } from './PortalHome';
import { PortalSessionContext } from './session';
import { clearRuntimeCaches } from '../pwa/caches';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { disablePush } from './push';

// The home is drawn with the portal; the sign-in (its form and human check) and every other page are fetched
// when opened, so that a family on a phone downloads the home only (under 200 kB with React, issue 36).
const SignInPage = lazyNamed(() => import('./SignInPage'), 'SignInPage');
const ActivatePage = lazyNamed(() => import('./PasswordPages'), 'ActivatePage');
const PortalResetPage = lazyNamed(() => import('./PasswordPages'), 'PortalResetPage');
const StudentPage = lazyNamed(() => import('./StudentPage'), 'StudentPage');
const ReEnrolmentPage = lazyNamed(() => import('./ReEnrolmentPage'), 'ReEnrolmentPage');

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The family portal under /portal (issue 26): its own chunk, its own token (api.ts), the school's colours, and
 * nothing of react-admin. Without a token: the sign-in; with one, the home with a card per student.
 */
export function PortalApp() {
  const navigate = useNavigate();
  // Each sign-in is a new session (0: none), so `me` is read again for whoever signs in next.
  const [session, setSession] = useState(() => (getPortalToken() ? 1 : 0));
  // The token may have gone meanwhile (a password reset in this browser clears it).
  const signedIn = session > 0 && Boolean(getPortalToken());
  const [notice, setNotice] = useState<string | null>(null);
  // The early read of src/main.tsx may have arrived before this first render (issue 36): the home is drawn with it
  // at once, not with "Carregando…" first and again when the same answer is taken below.
  const [me, setMe] = useState<PortalMe | null>(() => (session > 0 ? (portalApi.meArrived() ?? null) : null));
  const [error, setError] = useState<string | null>(null);

  // A token the server no longer knows (expired, revoked by the office): back to the sign-in, saying why.
  useEffect(
    () =>
      onPortalSessionEnded((message) => {
        void clearRuntimeCaches();
        setSession(0);
        setMe(null);
        setNotice(message);
        navigate('/portal', { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    if (session === 0) return;
    let current = true;
    // The first session's `me` drawn from the early read is kept until its own answer (the same one) is taken.
    setMe((shown) => (session === 1 && shown ? shown : null));
    setError(null);
    portalApi.me().then(
      (answer) => current && setMe((shown) => (shown && sameJson(shown, answer) ? shown : answer)),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : 'Erro ao carregar.'),
    );
    return () => {
      current = false;
    };
  }, [session]);

  const signOut = useCallback(async () => {
    // A shared phone stops receiving this family's notices (best effort: signing out never waits on it failing).
    await disablePush().catch(() => undefined);
    await portalApi.logout();
    // The family's last view kept for offline use goes with the session (a shared phone).
    await clearRuntimeCaches();
    setSession(0);
    setMe(null);
    setNotice(null);
    navigate('/portal', { replace: true });
  }, [navigate]);

  const signedInOnly = (element: ReactNode) => (signedIn ? element : <Navigate to="/portal" replace />);
  return (
    <PublicTheme>
      <PortalSessionContext.Provider value={{ me, error, signOut }}>
        <Suspense fallback={null}>
          <Routes>
            <Route
              index
              element={
                signedIn ? (
                  <PortalHome />
                ) : (
                  <SignInPage
                    notice={notice}
                    onSignedIn={() => {
                      setNotice(null);
                      setSession((s) => s + 1);
                    }}
                  />
                )
              }
            />
            <Route path="ativar" element={<ActivatePage />} />
            <Route path="redefinir-senha" element={<PortalResetPage />} />
            <Route path="alunos/:id" element={signedInOnly(<StudentPage />)} />
            <Route path="alunos/:id/rematricula" element={signedInOnly(<ReEnrolmentPage />)} />
            <Route path="*" element={<Navigate to="/portal" replace />} />
          </Routes>
        </Suspense>
        <UpdatePrompt />
      </PortalSessionContext.Provider>
    </PublicTheme>
  );
}
