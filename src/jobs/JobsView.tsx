import {
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime } from '../../resources/format';
import { PageLinks } from '../resources/PageLinks';

/** A recurring task as `GET /jobs` answers it (under `recurring`). */
export interface RecurringTask {
  kind: string;
  label: string;
  interval_ms: number;
  next_run_at: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_duration_ms: number | null;
  last_error: string | null;
  runs: number;
  failures: number;
  running: boolean;
}

/** A one-off job as `GET /jobs` answers it (in `data`). */
export interface OneOffJob {
  id: number;
  kind: string;
  label: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_at: string | null;
  last_error: string | null;
  created_at: string | null;
  finished_at: string | null;
}

export const JOB_STATUS: Record<
  OneOffJob['status'],
  { text: string; color: 'default' | 'info' | 'success' | 'error' }
> = {
  pending: { text: 'Aguardando', color: 'default' },
  running: { text: 'Em execução', color: 'info' },
  done: { text: 'Concluída', color: 'success' },
  failed: { text: 'Falhou', color: 'error' },
};

export const JOBS_PER_PAGE = 10;

/** "a cada 30 segundos", "a cada 1 minuto", "a cada 24 horas". */
export function everyText(ms: number): string {
  const unit = (n: number, one: string, many: string) => `a cada ${n} ${n === 1 ? one : many}`;
  if (ms % 3_600_000 === 0) return unit(ms / 3_600_000, 'hora', 'horas');
  if (ms % 60_000 === 0) return unit(ms / 60_000, 'minuto', 'minutos');
  if (ms % 1000 === 0) return unit(ms / 1000, 'segundo', 'segundos');
  return `a cada ${ms} ms`;
}

/** "0,4 s", "12 s", "2 min 5 s". */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 60_000) return `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: ms < 10_000 ? 1 : 0 })} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

function ErrorText({ error }: { error: string | null }) {
  if (!error) return <>—</>;
  return (
    <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
      {error}
    </Typography>
  );
}

/**
 * Administração › Tarefas: the recurring tasks (each run by one instance per period) with their last run, and the
 * one-off jobs with their state, tries and last error; a failed job can be tried again.
 */
export function JobsView({
  recurring,
  jobs,
  page,
  total,
  onPage,
  onRetry,
}: {
  recurring: RecurringTask[];
  jobs: OneOffJob[];
  /** 1-based, as the API counts. */
  page: number;
  total: number;
  onPage: (page: number) => void;
  onRetry: (id: number) => void;
}) {
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Tarefas periódicas
        </Typography>
        {recurring.length === 0 ? (
          <Typography>Nenhuma tarefa periódica ativa.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Tarefas periódicas">
              <TableHead>
                <TableRow>
                  {['Tarefa', 'Frequência', 'Última execução', 'Duração', 'Próxima execução', 'Último erro'].map(
                    (h) => (
                      <TableCell key={h}>{h}</TableCell>
                    ),
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {recurring.map((t) => (
                  <TableRow key={t.kind}>
                    <TableCell>
                      {t.label}
                      {t.running && <Chip size="small" color="info" label="Em execução" sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell>{everyText(t.interval_ms)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(t.last_started_at)}</TableCell>
                    <TableCell>{durationText(t.last_duration_ms)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(t.next_run_at)}</TableCell>
                    <TableCell>
                      <ErrorText error={t.last_error} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Tarefas avulsas
        </Typography>
        {total === 0 ? (
          <Typography>Nenhuma tarefa avulsa registrada.</Typography>
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label="Tarefas avulsas">
                <TableHead>
                  <TableRow>
                    {['Tarefa', 'Situação', 'Tentativas', 'Agendada para', 'Último erro', ''].map((h, i) => (
                      <TableCell key={i}>{h}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {jobs.map((j) => (
                    <TableRow key={j.id}>
                      <TableCell>{j.label}</TableCell>
                      <TableCell>
                        <Chip size="small" color={JOB_STATUS[j.status].color} label={JOB_STATUS[j.status].text} />
                      </TableCell>
                      <TableCell>{`${j.attempts} de ${j.max_attempts}`}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(j.run_at)}</TableCell>
                      <TableCell>
                        <ErrorText error={j.last_error} />
                      </TableCell>
                      <TableCell>
                        {j.status === 'failed' && (
                          <Button size="small" onClick={() => onRetry(j.id)} aria-label={`Tentar de novo: ${j.label}`}>
                            Tentar de novo
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography variant="body2" color="text.secondary">
                {total === 1 ? '1 tarefa' : `${total} tarefas`}
              </Typography>
              <PageLinks
                page={page - 1}
                rowsPerPage={JOBS_PER_PAGE}
                count={total}
                onPageChange={(_event, next) => onPage(next + 1)}
              />
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}
