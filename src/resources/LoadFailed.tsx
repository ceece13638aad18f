import { Alert, Button, CardContent } from '@mui/material';
import { useNotify, useRedirect, useRefresh, useResourceContext } from 'react-admin';

/**
 * The record screens' answer to a failed load. Only a 404 means the record is gone: react-admin's
 * "Registro inexistente" and back to the list. Anything else (a busy server after its retries, no
 * connection, a 403) keeps the screen, with the server's words and a way to try again.
 */
export function useLoadFailure() {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onError: (error: unknown) => {
      if ((error as { status?: unknown } | null)?.status !== 404) return;
      notify('ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
}

const FALLBACK = 'Não foi possível carregar o registro.';

/** What the Edit or Show card holds when its record could not be loaded (given as their `error`). */
export function LoadFailed({ error }: { error?: unknown }) {
  const refresh = useRefresh();
  const message = error instanceof Error && error.message ? error.message : FALLBACK;
  return (
    <CardContent>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={refresh}>
            Tentar de novo
          </Button>
        }
      >
        {message}
      </Alert>
    </CardContent>
  );
}
