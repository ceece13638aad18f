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
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { PageLinks } from '../resources/PageLinks';
import { durationText, everyText, JOB_STATUS, JOBS_PER_PAGE, when, type OneOffJob, type RecurringTask } from './jobs';
import { OneOffList, RecurringList } from './JobsList';

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
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          Tarefas periódicas
        </Typography>
        {recurring.length === 0 ? (
          <Typography>Nenhuma tarefa periódica ativa.</Typography>
        ) : phone ? (
          <RecurringList recurring={recurring} />
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
            {phone ? (
              <OneOffList jobs={jobs} onRetry={onRetry} />
            ) : (
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
                            <Button
                              size="small"
                              onClick={() => onRetry(j.id)}
                              aria-label={`Tentar de novo: ${j.label}`}
                            >
                              Tentar de novo
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
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
