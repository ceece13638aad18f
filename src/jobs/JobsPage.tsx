import { Card, CardContent, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { apiRequest } from '../api/http';
import { JOBS_PER_PAGE, type OneOffJob, type RecurringTask } from './jobs';
import { JobsView } from './JobsView';

interface Answer {
  data: OneOffJob[];
  total: number;
  recurring: RecurringTask[];
}

/**
 * /admin/tarefas (Administração › Tarefas, `settings.manage`): the background work of every instance, read from
 * `GET /jobs`; "Tentar de novo" queues a failed job again (`POST /jobs/{id}/retry`) and reads the page again.
 */
export function JobsPage() {
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    let current = true;
    apiRequest<Answer>('/jobs', { query: { page, perPage: JOBS_PER_PAGE } }).then(
      (body) => {
        if (!current) return;
        setAnswer(body);
        setError(null);
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof Error ? failure.message : 'Erro ao carregar as tarefas.');
      },
    );
    return () => {
      current = false;
    };
  }, [page, reload]);
  const retry = useCallback(
    (id: number) => {
      apiRequest(`/jobs/${id}/retry`, { method: 'POST' }).then(
        () => {
          notify('Tarefa enviada para nova tentativa.', { type: 'success' });
          setReload((n) => n + 1);
        },
        (failure: unknown) =>
          notify(failure instanceof Error ? failure.message : 'Não foi possível tentar de novo.', { type: 'error' }),
      );
    },
    [notify],
  );
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Tarefas" />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          O trabalho que o sistema faz em segundo plano: envio de e-mails, avisos às famílias e outras rotinas.
        </Typography>
        {error ? (
          <Typography color="error">{error}</Typography>
        ) : !answer ? (
          <Typography color="text.secondary">Carregando tarefas…</Typography>
        ) : (
          <JobsView
            recurring={answer.recurring}
            jobs={answer.data}
            page={page}
            total={answer.total}
            onPage={setPage}
            onRetry={retry}
          />
        )}
      </CardContent>
    </Card>
  );
}
