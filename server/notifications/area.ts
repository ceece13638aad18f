import type { Area, AreaContext } from '../area';
import type { FastifyInstance } from 'fastify';
import { registerPublicationRoutes } from './publications';
import { sweepNotifications } from './sweep';

/**
 * Each instance sweeps every `notifyPollMs` (and at once after a publication); sweeps never overlap on one
 * instance, and across instances the claim in sweep.ts keeps each message single. A failed sweep is logged without
 * names or addresses and tried again at the next tick.
 */
function startSweeps(app: FastifyInstance, ctx: AreaContext): () => void {
  const pollMs = ctx.settings.notifyPollMs;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const sweep = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = sweepNotifications(ctx.db, ctx.mailer, { appUrl: ctx.settings.appUrl, log: app.log })
      .then(() => undefined)
      .catch((error: Error) => app.log.warn({ reason: error.message }, 'family notifications sweep failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          sweep();
        }
      });
  };
  if (pollMs) {
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, pollMs);
      timer.unref();
      sweep();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  return () => {
    if (pollMs) sweep();
  };
}

/** Families' e-mails (issue 26): the publication of grades and the background sweep that tells them. */
export const notificationsArea: Area = {
  routes(app, ctx) {
    const kick = startSweeps(app, ctx);
    registerPublicationRoutes(app, ctx.db, kick);
  },
  dependents: {
    stages: [
      {
        table: 'grade_publications',
        singular: 'publicação de notas',
        plural: 'publicações de notas',
        foreignKey: 'stage_id',
      },
    ],
  },
};
