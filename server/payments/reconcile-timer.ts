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
 * Until the job runner takes it over, each instance reconciles every `reconcilePollMs` (off when unset, as in tests
 * unless asked), runs never overlapping on one instance; across instances settle.ts keeps each charge settled once.
 */
export function startReconciliation(app: FastifyInstance, ctx: AreaContext): void {
  const pollMs = ctx.settings.reconcilePollMs;
  if (!pollMs || !ctx.payments.provider) return;
  const run = reconcileHandler(ctx, app.log);
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    if (running) return;
    running = run()
      .catch((error: Error) => app.log.warn({ reason: error.message }, 'payment reconciliation failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, pollMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
