import { Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { durationText, everyText, JOB_STATUS, when, type OneOffJob, type RecurringTask } from './jobs';

/*
 * Administração › Tarefas on a phone: six columns do not fit 390 px, so each task is a list item with the same
 * facts in the same order as the tables of JobsView.
 */

function ErrorLine({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Typography component="span" variant="body2" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      Último erro: {error}
    </Typography>
  );
}

export function RecurringList({ recurring }: { recurring: RecurringTask[] }) {
  return (
    <List dense disablePadding aria-label="Tarefas periódicas">
      {recurring.map((t) => (
        <ListItem key={t.kind} divider disableGutters>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
                <span>{t.label}</span>
                {t.running && <Chip size="small" color="info" label="Em execução" />}
              </Stack>
            }
            secondary={
              <>
                <span style={{ display: 'block' }}>{everyText(t.interval_ms)}</span>
                <span style={{ display: 'block' }}>
                  Última: {when(t.last_started_at)} ({durationText(t.last_duration_ms)})
                </span>
                <span style={{ display: 'block' }}>Próxima: {when(t.next_run_at)}</span>
                <ErrorLine error={t.last_error} />
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

export function OneOffList({ jobs, onRetry }: { jobs: OneOffJob[]; onRetry: (id: number) => void }) {
  return (
    <List dense disablePadding aria-label="Tarefas avulsas">
      {jobs.map((j) => (
        <ListItem key={j.id} divider disableGutters sx={{ display: 'block' }}>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
                <span>{j.label}</span>
                <Chip size="small" color={JOB_STATUS[j.status].color} label={JOB_STATUS[j.status].text} />
              </Stack>
            }
            secondary={
              <>
                <span style={{ display: 'block' }}>
                  Tentativas: {j.attempts} de {j.max_attempts} · Agendada para {when(j.run_at)}
                </span>
                <ErrorLine error={j.last_error} />
              </>
            }
          />
          {j.status === 'failed' && (
            <Button size="small" onClick={() => onRetry(j.id)} aria-label={`Tentar de novo: ${j.label}`}>
              Tentar de novo
            </Button>
          )}
        </ListItem>
      ))}
    </List>
  );
}
