import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { formatInstantDate } from '../../resources/format';
import { apiRequest } from '../api/http';

/**
 * Under a user's edit form, for Administração: whether the user signs in with two-step verification, and its
 * reset for a lost phone (the user then signs in with the password and may turn it on again).
 */
export function TwoStepResetPanel() {
  const record = useRecordContext();
  const notify = useNotify();
  const [status, setStatus] = useState<{ enabled: boolean; enabled_at: string | null } | null>(null);
  const id = record?.id;
  useEffect(() => {
    if (id === undefined) return;
    apiRequest<{ enabled: boolean; enabled_at: string | null }>(`/users/${id}/two-step`)
      .then(setStatus)
      .catch(() => setStatus(null));
  }, [id]);
  if (!status) return null;
  const reset = async () => {
    try {
      const answer = await apiRequest<{ message: string }>(`/users/${id}/two-step`, { method: 'DELETE' });
      notify(answer.message, { type: 'success' });
      setStatus({ enabled: false, enabled_at: null });
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Não foi possível redefinir.', { type: 'error' });
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle1">Verificação em duas etapas</Typography>
      {status.enabled ? (
        <>
          <Alert severity="success">Ativada desde {formatInstantDate(status.enabled_at)}.</Alert>
          <Button color="warning" variant="outlined" onClick={() => void reset()} sx={{ alignSelf: 'flex-start' }}>
            Redefinir verificação em duas etapas
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">Não ativada: este usuário entra só com a senha.</Typography>
      )}
    </Stack>
  );
}
