import type { Area } from '../area';
import { deliverPushes } from '../push/delivery';
import { registerPublicationRoutes } from './publications';
import { sweepNotifications } from './sweep';

/**
 * Families' e-mails (issue 26): the publication of grades and the background sweep that tells them. The sweep is
 * the job runner's recurring task `notifications.sweep`, every `notifyPollMs` on one instance (unset: never, tests
 * sweep by hand), and at once on the instance where grades were just published; the claim in sweep.ts keeps each
 * message single whichever instance sweeps. A failed sweep is logged without names or addresses, kept in
 * Administração › Tarefas, and tried again at the next period.
 */
export const notificationsArea: Area = {
  routes(app, ctx) {
    const { push } = ctx;
    // Pushes leave on the same period as the sweep, and at once after a sweep wrote some.
    const pushNow = push
      ? ctx.jobs.every('push.deliver', ctx.settings.notifyPollMs, () => deliverPushes(ctx.db, push, app.log))
      : undefined;
    const sweepNow = ctx.jobs.every('notifications.sweep', ctx.settings.notifyPollMs, () =>
      sweepNotifications(ctx.db, ctx.mailer, {
        appUrl: ctx.settings.appUrl,
        log: app.log,
        push: pushNow && { deliverSoon: pushNow },
      }),
    );
    registerPublicationRoutes(app, ctx.db, sweepNow);
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
