import { formatDateTime } from '../../resources/format';

/* What Administração › Tarefas shows, as `GET /jobs` answers it: shared by the desktop tables and the phone lists. */

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

/** A moment as the screen writes it, or a dash. */
export const when = (value: string | null) => (value ? formatDateTime(value) : '—');
