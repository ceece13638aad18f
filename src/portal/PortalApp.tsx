import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { PublicTheme } from '../public/PublicTheme';
import { getPortalToken, onPortalSessionEnded, portalApi, type PortalMe } from './api';
import { PortalHome } from './PortalHome';
import { ActivatePage, PortalResetPage } from './PasswordPages';
import { PortalSessionContext } from './session';
import { SignInPage } from './SignInPage';
import { StudentPage } from './StudentPage';

/**
 * The family portal under /portal (issue 26): its own chunk, its own token (api.ts), the school's colours, and
 * nothing of react-admin. Without a token: the sign-in; with one, the home with a card per student.
 */
export function PortalApp() {
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(() => Boolean(getPortalToken()));
  const [notice, setNotice] = useState<string | null>(null);
  const [me, setMe] = useState<PortalMe | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A token the server no longer knows (expired, revoked by the office): back to the sign-in, saying why.
  useEffect(
    () =>
      onPortalSessionEnded((message) => {
        setSignedIn(false);
        setMe(null);
        setNotice(message);
        navigate('/portal', { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    portalApi.me().then(
      (answer) => current && setMe(answer),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : 'Erro ao carregar.'),
    );
    return () => {
      current = false;
    };
  }, [signedIn]);

  const signOut = useCallback(async () => {
    await portalApi.logout();
    setSignedIn(false);
    setMe(null);
    setNotice(null);
    navigate('/portal', { replace: true });
  }, [navigate]);

  const signedInOnly = (element: ReactNode) => (signedIn ? element : <Navigate to="/portal" replace />);
  return (
    <PublicTheme>
      <PortalSessionContext.Provider value={{ me, error, signOut }}>
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
                    setError(null);
                    setSignedIn(true);
                  }}
                />
              )
            }
          />
          <Route path="ativar" element={<ActivatePage />} />
          <Route path="redefinir-senha" element={<PortalResetPage />} />
          <Route path="alunos/:id" element={signedInOnly(<StudentPage />)} />
          <Route path="*" element={<Navigate to="/portal" replace />} />
        </Routes>
      </PortalSessionContext.Provider>
    </PublicTheme>
  );
}
