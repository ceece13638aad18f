import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area';
import { reconcilePending } from './reconcile';

/** RECONCILE_AFTER_HOURS' default: a notification is given two hours to arrive before the provider is asked. */
export const DEFAULT_RECONCILE_AFTER_MS = 2 * 60 * 60 * 1000;

/**
 * The recurring task `payments.reconcile` of the job runner (server/jobs): one instance per period asks the provider
 * every `reconcilePollMs` (off when unset, as in tests unless asked); settle.ts keeps each charge settled once even
 * when a run and a webhook meet. Without a provider (fixed at start) there is nothing to ask, and no task.
 */
export function startReconciliation(app: FastifyInstance, ctx: AreaContext): void {
  const provider = ctx.payments.provider;
  if (!provider) return;
  const olderThanMs = ctx.settings.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
  ctx.jobs.every('payments.reconcile', ctx.settings.reconcilePollMs, async () => {
    await reconcilePending(ctx.db, provider, { olderThanMs, log: app.log });
  });
}
