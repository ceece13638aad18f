import type { OneOffJob, RecurringTask } from '../../src/jobs/jobs';

/**
 * Administração › Tarefas of a school on two instances, as `GET /jobs` answers: instants in UTC (13:00 UTC is
 * 10:00 in São Paulo).
 */
export const RECURRING: RecurringTask[] = [
  {
    kind: 'mail.deliver',
    label: 'Envio de e-mails',
    interval_ms: 30_000,
    next_run_at: '2026-11-26T13:00:30.000Z',
    last_started_at: '2026-11-26T13:00:00.000Z',
    last_finished_at: '2026-11-26T13:00:00.400Z',
    last_duration_ms: 412,
    last_error: null,
    runs: 2880,
    failures: 0,
    running: false,
  },
  {
    kind: 'notifications.sweep',
    label: 'Avisos às famílias',
    interval_ms: 60_000,
    next_run_at: '2026-11-26T13:01:00.000Z',
    last_started_at: '2026-11-26T13:00:00.000Z',
    last_finished_at: null,
    last_duration_ms: 2_350,
    last_error: 'Connection terminated unexpectedly',
    runs: 1440,
    failures: 1,
    running: true,
  },
  {
    kind: 'payments.reconcile',
    label: 'Conciliação de pagamentos',
    interval_ms: 3_600_000,
    next_run_at: '2026-11-26T14:00:00.000Z',
    last_started_at: '2026-11-26T13:00:00.000Z',
    last_finished_at: '2026-11-26T13:00:12.000Z',
    last_duration_ms: 12_040,
    last_error: null,
    runs: 24,
    failures: 0,
    running: false,
  },
];

export const ONE_OFF: OneOffJob[] = [
  {
    id: 42,
    kind: 'receipts.send',
    label: 'Envio de recibo',
    status: 'failed',
    attempts: 5,
    max_attempts: 5,
    run_at: '2026-11-26T12:31:00.000Z',
    last_error: 'Servidor SMTP recusou: 550 caixa postal inexistente',
    created_at: '2026-11-26T12:00:00.000Z',
    finished_at: '2026-11-26T12:31:00.000Z',
  },
  {
    id: 41,
    kind: 'receipts.send',
    label: 'Envio de recibo',
    status: 'pending',
    attempts: 1,
    max_attempts: 5,
    run_at: '2026-11-26T13:02:00.000Z',
    last_error: 'Tempo esgotado ao conectar ao servidor SMTP',
    created_at: '2026-11-26T13:01:00.000Z',
    finished_at: null,
  },
  {
    id: 40,
    kind: 'receipts.send',
    label: 'Envio de recibo',
    status: 'done',
    attempts: 1,
    max_attempts: 5,
    run_at: '2026-11-26T11:15:00.000Z',
    last_error: null,
    created_at: '2026-11-26T11:15:00.000Z',
    finished_at: '2026-11-26T11:15:01.000Z',
  },
];
