import type { FastifyInstance } from 'fastify';
import type { Area } from '../area';
import { dynamic, type Db } from '../db/connection';
import { ApiError, idParam, notFound, validationError } from '../http/errors';
import { envelope, parseListQuery } from '../http/list-query';
import { labelOf } from './labels';
import type { JobRunner } from './runner';

const STATUSES = ['pending', 'running', 'done', 'failed'];
const SORTABLE = ['id', 'kind', 'status', 'attempts', 'run_at', 'created_at', 'updated_at', 'finished_at'];

/** A point in time as the database gives it back: ISO text on both (server/db/connection.ts), or null. */
const instant = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** One-off job as the office reads it: never its payload (it may name a family). */
function jobOf(row: Record<string, unknown>, runner: JobRunner) {
  const kind = String(row.kind);
  return {
    id: Number(row.id),
    kind,
    label: labelOf(kind, runner.labels.get(kind)),
    status: String(row.status),
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    run_at: instant(row.run_at),
    last_error: (row.last_error as string | null) ?? null,
    created_at: instant(row.created_at),
    finished_at: instant(row.finished_at),
  };
}

function taskOf(row: Record<string, unknown>, now: string) {
  const kind = String(row.kind);
  const lockedUntil = instant(row.locked_until);
  return {
    kind,
    label: labelOf(kind, row.label as string | null),
    interval_ms: Number(row.interval_ms),
    next_run_at: instant(row.next_run_at),
    last_started_at: instant(row.last_started_at),
    last_finished_at: instant(row.last_finished_at),
    last_duration_ms: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
    last_error: (row.last_error as string | null) ?? null,
    runs: Number(row.runs),
    failures: Number(row.failures),
    running: lockedUntil !== null && lockedUntil > now,
  };
}

/**
 * Administração › Tarefas: `GET /jobs` pages the one-off jobs (newest first; `status` filters) in the list envelope
 * and adds every recurring task under `recurring`; `POST /jobs/{id}/retry` queues a failed job again.
 */
export function registerJobRoutes(app: FastifyInstance, db: Db, runner: JobRunner): void {
  app.get('/jobs', { config: { access: 'settings.manage' } }, async (request) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationError(parsed.errors);
    const query = parsed.value;
    const status = raw.status === undefined || raw.status === '' ? undefined : String(raw.status);
    if (status !== undefined && !STATUSES.includes(status))
      throw validationError({ status: ['Situação inválida: use pending, running, done ou failed.'] });
    const sortBy = query.sortBy ?? 'id';
    if (!SORTABLE.includes(sortBy)) throw validationError({ sortBy: [`Não é possível ordenar por "${sortBy}".`] });
    const k = dynamic(db);
    let base = k.selectFrom('jobs');
    if (status) base = base.where('status', '=', status);
    const count = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    let rows = base
      .selectAll()
      // Newest first unless a column is asked for.
      .orderBy(sortBy, !query.sortBy || query.sortDesc ? 'desc' : 'asc')
      .orderBy('id', 'desc');
    if (query.page > 0) rows = rows.limit(query.perPage).offset((query.page - 1) * query.perPage);
    const schedules = await k.selectFrom('job_schedules').selectAll().orderBy('kind').execute();
    const now = new Date().toISOString();
    return {
      ...envelope(
        (await rows.execute()).map((r) => jobOf(r, runner)),
        Number((count as { total: unknown }).total),
        query,
      ),
      recurring: schedules.map((r) => taskOf(r, now)),
    };
  });

  app.post<{ Params: { id: string } }>(
    '/jobs/:id/retry',
    { config: { access: 'settings.manage' } },
    async (request) => {
      const id = idParam(request.params.id);
      const k = dynamic(db);
      const job = await k.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
      if (!job) throw notFound('Tarefa não encontrada.');
      const now = new Date().toISOString();
      const updated = await k
        .updateTable('jobs')
        .set({ status: 'pending', attempts: 0, run_at: now, finished_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new ApiError(422, 'Só uma tarefa que falhou pode ser tentada de novo.');
      runner.wake();
      return jobOf(updated, runner);
    },
  );
}

export const jobsArea: Area = {
  routes: (app, ctx) => registerJobRoutes(app, ctx.db, ctx.jobs),
};
