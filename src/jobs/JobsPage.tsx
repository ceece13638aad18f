import { Card, CardContent, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { useApi } from '../api/useApi';
import { JOBS_PER_PAGE } from './jobs';
import { JobsView } from './JobsView';

/**
 * /admin/tarefas (Administração › Tarefas, `settings.manage`): the background work of every instance, read from
 * `GET /jobs`; "Tentar de novo" queues a failed job again (`POST /jobs/{id}/retry`) and reads the page again.
 */
export function JobsPage() {
  const notify = useNotify();
  const api = useApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  // The page on screen stays while the next one loads.
  const { data: answer, error } = useQuery({
    queryKey: ['tarefas', page],
    queryFn: () => api.getJobs(page, JOBS_PER_PAGE),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const retry = useMutation({
    mutationFn: (id: number) => api.retryJob(id),
    onSuccess: () => {
      notify('Tarefa enviada para nova tentativa.', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['tarefas'] });
    },
    onError: (failure: unknown) =>
      notify(failure instanceof Error && failure.message ? failure.message : 'Não foi possível tentar de novo.', {
        type: 'error',
      }),
  });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Tarefas" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          O trabalho que o sistema faz em segundo plano: envio de e-mails, avisos às famílias e outras rotinas.
        </Typography>
        {error ? (
          <Typography color="error">{error.message || 'Erro ao carregar as tarefas.'}</Typography>
        ) : !answer ? (
          <Typography color="text.secondary">Carregando tarefas…</Typography>
        ) : (
          <JobsView
            recurring={answer.recurring}
            jobs={answer.data}
            page={page}
            total={answer.total}
            onPage={setPage}
            onRetry={retry.mutate}
          />
        )}
      </CardContent>
    </Card>
  );
}
