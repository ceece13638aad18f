import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext } from 'react-admin';
import { formatInstantDate } from '../../resources/format';
import { useApi } from '../api/useApi';

/**
 * Under a user's edit form, for Administração: whether the user signs in with two-step verification, and its
 * reset for a lost phone (the user then signs in with the password and may turn it on again).
 */
export function TwoStepResetPanel() {
  const record = useRecordContext();
  const notify = useNotify();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = record?.id;
  // A refused load shows nothing: the user's form is the screen.
  const { data: status } = useQuery({
    queryKey: ['usuarios', id, 'duas-etapas'],
    queryFn: () => api.getUserTwoStep(id!),
    enabled: id !== undefined,
    retry: false,
  });
  if (!status || id === undefined) return null;
  const reset = async () => {
    try {
      const answer = await api.resetUserTwoStep(id);
      notify(answer.message, { type: 'success' });
      queryClient.setQueryData(['usuarios', id, 'duas-etapas'], { enabled: false, enabled_at: null });
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
