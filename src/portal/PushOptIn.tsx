import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { disablePush, enablePush, PUSH_BLOCKED, pushPublicKey, pushState, type PushState } from './push';

export interface PushOptInProps {
  /** What to start from (stories); by default read from the browser and the server. */
  initial?: { state: PushState; publicKey: string | null };
  /** The browser's side (stories and tests replace it). */
  actions?: { enable: (key: string) => Promise<PushState>; disable: () => Promise<PushState> };
}

const DEFAULT_ACTIONS = { enable: enablePush, disable: disablePush };

/**
 * "Avisos neste aparelho": the family opts this phone or computer in to the school's notices (grades published,
 * documents issued, charges due), the same as the e-mails. Shown only where the browser can and the school has push.
 */
export function PushOptIn({ initial, actions = DEFAULT_ACTIONS }: PushOptInProps) {
  const [state, setState] = useState<PushState | null>(initial?.state ?? null);
  const [publicKey, setPublicKey] = useState<string | null>(initial?.publicKey ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (initial) return;
    let current = true;
    void Promise.all([pushState(), pushPublicKey()]).then(([s, key]) => {
      if (!current) return;
      setState(s);
      setPublicKey(key);
    });
    return () => {
      current = false;
    };
  }, [initial]);

  if (state === null || state === 'unsupported' || !publicKey) return null;

  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Não foi possível mudar os avisos deste aparelho.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="push-opt-in-title" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <NotificationsActiveIcon color="primary" aria-hidden />
          <Typography id="push-opt-in-title" variant="h6" component="h2">
            Avisos neste aparelho
          </Typography>
        </Stack>
        {state === 'on' ? (
          <Typography sx={{ mb: 2 }}>
            Avisos ativados neste aparelho: notas publicadas, documentos emitidos e cobranças chegam aqui também.
          </Typography>
        ) : (
          <Typography sx={{ mb: 2 }}>
            Receba neste celular ou computador os mesmos avisos que a escola manda por e-mail: notas publicadas,
            documentos emitidos e cobranças a vencer.
          </Typography>
        )}
        {state === 'blocked' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {PUSH_BLOCKED}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {state === 'on' ? (
          <Button variant="outlined" disabled={busy} onClick={() => void change(actions.disable)}>
            Desativar avisos neste aparelho
          </Button>
        ) : (
          state === 'off' && (
            <Button variant="contained" disabled={busy} onClick={() => void change(() => actions.enable(publicKey))}>
              Receber avisos neste aparelho
            </Button>
          )
        )}
      </CardContent>
    </Card>
  );
}
