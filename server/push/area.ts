import type { Area } from '../area';
import { registerPushRoutes } from './routes';

/**
 * Web Push (issue 36): families opt a device in from the portal and hear of the same notices as by e-mail. The
 * pushes are written by the notification sweep (server/notifications) and sent by its `push.deliver` task.
 */
export const pushArea: Area = {
  routes(app, ctx) {
    registerPushRoutes(app, ctx.db, ctx.push);
  },
};
