import { Alert, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { formatInstantDate } from '../../resources/format';
import { ApiRequestError, apiRequest } from '../api/http';
import { RenewRecoveryCodes } from './RenewRecoveryCodes';
import { TwoStepEnrol, type Enrolment } from './TwoStepEnrol';

interface Status {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** The school requires it of the user's role: it cannot be turned off. */
  required: boolean;
}

const startEnrolment = () => apiRequest<Enrolment>('/auth/two-step/enrol', { method: 'POST' });
const confirmEnrolment = (code: string) =>
  apiRequest<{ recovery_codes: string[] }>('/auth/two-step/confirm', { method: 'POST', body: { code } });

/** Minha conta › Verificação em duas etapas, as a page of its own (the address kept from before Minha conta). */
export function TwoStepPage() {
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="Verificação em duas etapas" />
      <CardContent>
        <TwoStepPanel />
      </CardContent>
    </Card>
  );
}

/** One's own two-step sign-in: turn it on with the authenticator app, or off with the password. */
export function TwoStepPanel() {
  const notify = useNotify();
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    apiRequest<Status>('/auth/two-step')
      .then(setStatus)
      .catch((e: unknown) => notify(e instanceof Error ? e.message : 'Erro ao carregar.', { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);

  const disable = async () => {
    try {
      const answer = await apiRequest<{ message: string }>('/auth/two-step/disable', {
        method: 'POST',
        body: { password },
      });
      setPassword('');
      setError(null);
      notify(answer.message, { type: 'success' });
      load();
    } catch (e) {
      const body = e instanceof ApiRequestError ? (e.body as { errors?: { password?: string[] } } | null) : null;
      setError(body?.errors?.password?.[0] ?? (e instanceof Error ? e.message : 'Não foi possível desativar.'));
    }
  };

  return (
    <>
      {!status ? (
        <CircularProgress aria-label="Carregando" />
      ) : enrolling ? (
        <TwoStepEnrol
          start={startEnrolment}
          confirm={confirmEnrolment}
          onDone={() => {
            setEnrolling(false);
            load();
          }}
        />
      ) : status.enabled ? (
        <Stack spacing={2}>
          <Alert severity="success">
            Ativada desde {formatInstantDate(status.enabled_at)}. Ao entrar, depois da senha, o sistema pede o código do
            aplicativo autenticador.
          </Alert>
          <Typography>Códigos de recuperação ainda não usados: {status.recovery_codes_left}</Typography>
          <RenewRecoveryCodes onRenewed={load} />
          {status.required ? (
            <Alert severity="info">
              A escola exige a verificação em duas etapas para o seu perfil. Perdeu o celular? Peça à Administração para
              redefini-la.
            </Alert>
          ) : (
            <Stack direction="row" spacing={2} alignItems="flex-start">
              <TextField
                label="Sua senha"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={Boolean(error)}
                helperText={error ?? 'Para desativar, confirme com a sua senha.'}
              />
              <Button color="error" variant="outlined" disabled={!password} onClick={() => void disable()}>
                Desativar
              </Button>
            </Stack>
          )}
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Typography>
            Com a verificação em duas etapas, entrar no sistema pede, além da senha, um código de 6 dígitos gerado pelo
            aplicativo autenticador do seu celular. Quem descobrir a sua senha não entra sem o celular.
          </Typography>
          {status.required && (
            <Alert severity="info">A escola exige a verificação em duas etapas para o seu perfil.</Alert>
          )}
          <Button variant="contained" onClick={() => setEnrolling(true)} sx={{ alignSelf: 'flex-start' }}>
            Ativar a verificação em duas etapas
          </Button>
        </Stack>
      )}
    </>
  );
}
