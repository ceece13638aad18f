import type { FastifyInstance } from 'fastify';
import { TEACHER_ROLE } from '../../resources/permissions';
import type { ResourceConfig } from '../../resources/types';
import { inReach, notFoundMessage } from '../crud/scope';
import { dynamic, type Db } from '../db/connection';
import { notFound } from '../http/errors';
import { INT_MAX } from '../http/ids';
import { teamsTaughtBy } from './teachers-queries';

/**
 * A professor reaches only the teams they teach (issue 24): this sets `request.teams` from their assignments
 * for every route after the token guard, and answers 404 for a record a route's params name (its `reach`)
 * that lies outside them. Lists of team-scoped resources are filtered by the crud pipeline from the same
 * `request.teams`; every other user reaches the whole school (`request.teams` stays undefined).
 */
export function installReachGuard(app: FastifyInstance, db: Db, resources: ResourceConfig[]): void {
  const k = dynamic(db);
  const scoped = (name: string) => {
    const config = resources.find((r) => r.name === name);
    if (!config?.teamScope) throw new Error(`reach names ${name}, which is not a team-scoped resource`);
    return config;
  };
  // A declaration naming a resource without teamScope fails at start, not on a teacher's request.
  app.addHook('onRoute', (route) => {
    for (const name of Object.values(route.config?.reach ?? {})) scoped(name);
  });
  app.addHook('onRequest', async (request) => {
    if (request.user?.role?.key !== TEACHER_ROLE) return;
    request.teams = await teamsTaughtBy(db, request.user.id);
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    for (const [param, name] of Object.entries(request.routeOptions.config?.reach ?? {})) {
      const raw = params[param] ?? '';
      // A malformed id is the route's own 404; only a well-formed one is looked up.
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) continue;
      const config = scoped(name);
      const found = await k
        .selectFrom(`${config.table} as r`)
        .select('r.id')
        .where('r.id', '=', Number(raw))
        .where(inReach(config, request.teams, 'r'))
        .executeTakeFirst();
      if (!found) throw notFound(notFoundMessage(config));
    }
  });
}
