import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { reconcilePending } from './reconcile';

/** RECONCILE_AFTER_HOURS' default: a notification is given two hours to arrive before the provider is asked. */
export const DEFAULT_RECONCILE_AFTER_MS = 2 * 60 * 60 * 1000;

/**
 * One reconciliation run, as a single function of nothing: what a job runner calls every interval
 * (`jobs.every('payments.reconcile', ms, reconcileHandler(ctx, log))`). Without a provider there is nothing to ask.
 */
export function reconcileHandler(ctx: AreaContext, log: FastifyBaseLogger): () => Promise<void> {
  return async () => {
    const provider = ctx.payments.provider;
    if (!provider) return;
    await reconcilePending(ctx.db, provider, {
      olderThanMs: ctx.settings.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS,
      log,
    });
  };
}

/**
 * The recurring task `payments.reconcile` of the job runner (server/jobs): one instance per period asks the provider
 * every `reconcilePollMs` (off when unset, as in tests unless asked); settle.ts keeps each charge settled once even
 * when a run and a webhook meet.
 */
export function startReconciliation(app: FastifyInstance, ctx: AreaContext): void {
  if (!ctx.payments.provider) return;
  ctx.jobs.every('payments.reconcile', ctx.settings.reconcilePollMs, reconcileHandler(ctx, app.log));
}
