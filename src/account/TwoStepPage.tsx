import { Alert, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError, Title, useNotify } from 'react-admin';
import { formatInstantDate } from '../../resources/format';
import { useApi } from '../api/useApi';
import { RenewRecoveryCodes } from './RenewRecoveryCodes';
import { TwoStepEnrol } from './TwoStepEnrol';

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
  const api = useApi();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { data: status, error: loadError } = useQuery({
    queryKey: ['minha-conta', 'duas-etapas'],
    queryFn: () => api.getMyTwoStep(),
    retry: false,
  });
  useEffect(() => {
    if (loadError) notify(loadError.message || 'Erro ao carregar.', { type: 'error' });
  }, [loadError, notify]);
  const load = () => void queryClient.invalidateQueries({ queryKey: ['minha-conta', 'duas-etapas'] });

  const disable = async () => {
    try {
      const answer = await api.disableMyTwoStep(password);
      setPassword('');
      setError(null);
      notify(answer.message, { type: 'success' });
      load();
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: { password?: string[] } } | null) : null;
      setError(body?.errors?.password?.[0] ?? (e instanceof Error ? e.message : 'Não foi possível desativar.'));
    }
  };

  return (
    <>
      {!status ? (
        <CircularProgress aria-label="Carregando" />
      ) : enrolling ? (
        <TwoStepEnrol
          start={api.startTwoStepEnrolment}
          confirm={api.confirmTwoStepEnrolment}
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
