import { Alert, Button, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiRequestError } from '../api/http';
import { NewPasswordForm, PasswordCard } from '../public/NewPasswordForm';
import { clearPortalToken, portalApi } from './api';
import { CodeActivationForm } from './CodeActivation';

const tokenOf = (params: URLSearchParams) => params.get('token') ?? '';

/** What opening an invitation's link found: still good (for this e-mail), or why not, in the server's words. */
type LinkState = { kind: 'checking' } | { kind: 'open'; email: string } | { kind: 'closed'; words: string };

/** Asks the server, once per link, whether it still works: a used or expired link says so before any typing. */
function useInvitationLink(token: string): LinkState {
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'checking' });
    portalApi.checkInvitation(token).then(
      ({ email }) => live && setState({ kind: 'open', email }),
      (error: unknown) => {
        if (!live) return;
        const errors = error instanceof ApiRequestError ? (error.body as { errors?: Record<string, string[]> }) : null;
        const words = errors?.errors?.token?.[0] ?? (error instanceof Error ? error.message : '');
        setState({ kind: 'closed', words: words || 'Não foi possível conferir o link. Tente de novo.' });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);
  return state;
}

/** The link's page: its e-mail and the password typed twice, or, for a used or expired link, only why. */
function LinkActivation({ token }: { token: string }) {
  const link = useInvitationLink(token);
  if (link.kind === 'checking')
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <CircularProgress size={18} aria-label="Conferindo o link do convite" />
        <Typography>Conferindo o link do convite…</Typography>
      </Stack>
    );
  if (link.kind === 'closed')
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{link.words}</Alert>
        <Button component={Link} to="/portal" variant="contained">
          Ir para o login
        </Button>
        <MuiLink component={Link} to="/portal/ativar" sx={{ alignSelf: 'center' }}>
          Tenho um código de convite
        </MuiLink>
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Typography>
        Crie a senha da conta <strong>{link.email}</strong>. Depois, entre no portal com este e-mail.
      </Typography>
      <NewPasswordForm
        token={token}
        send={(t, { password }) => portalApi.activate(t, password)}
        signInPath="/portal"
        passwordLabel="Senha"
        submitLabel="Definir senha"
      />
    </Stack>
  );
}

/**
 * /portal/ativar: with the invitation's link (`?token=…`), the password typed twice once the link is known to work;
 * without it, the printed letter's e-mail and one-time code. Success leads to the sign-in.
 */
export function ActivatePage() {
  const [params] = useSearchParams();
  const token = tokenOf(params);
  return (
    <PasswordCard title="Ativar acesso ao portal">
      {token ? (
        <LinkActivation token={token} />
      ) : (
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Digite o e-mail e o código de convite da carta que a secretaria entregou, e crie a sua senha.
          </Typography>
          <CodeActivationForm send={portalApi.activateWithCode} signInPath="/portal" />
        </Stack>
      )}
    </PasswordCard>
  );
}

/** /portal/redefinir-senha?token=…: the link mailed by "Esqueci a senha" on the portal's sign-in. */
export function PortalResetPage() {
  const [params] = useSearchParams();
  return (
    <PasswordCard title="Redefinir senha">
      <NewPasswordForm
        token={tokenOf(params)}
        send={(token, { password }) => portalApi.resetPassword(token, password)}
        // Sessions opened with the old password end on the server; this browser's goes too.
        onDone={clearPortalToken}
        signInPath="/portal"
      />
    </PasswordCard>
  );
}
