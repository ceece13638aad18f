import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { idParam } from '../http/errors';
import { accessOf, invite, revoke, type Holder } from './accounts';
import { registerPortalAuthRoutes } from './auth-routes';
import { registerStudentRoutes } from './student-routes';
import { registerDocumentRoutes } from './documents';
import { registerChargeRoutes } from './charges';
import { portalSessions, type PortalSessions } from './sessions';

type Params = { id: string };

/** The office's side: invite a guardian or an adult student, see their access, revoke it. */
function registerOfficeRoutes(app: FastifyInstance, ctx: AreaContext, sessions: PortalSessions): void {
  const { db } = ctx;
  const holders: { path: string; kind: Holder['kind']; reach?: Record<string, string> }[] = [
    { path: '/guardians/:id', kind: 'guardian' },
    // A professor holds neither permission; the reach keeps the rule of every route naming a student all the same.
    { path: '/students/:id', kind: 'student', reach: { id: 'students' } },
  ];
  for (const { path, kind, reach } of holders) {
    const holder = (params: Params): Holder => ({ kind, id: idParam(params.id) });
    const config = (access: string) => ({ config: reach ? { access, reach } : { access } });
    app.post<{ Params: Params }>(`${path}/invite`, config('students.write'), async (request, reply) => {
      const mail = { mailer: ctx.mailer, appUrl: ctx.settings.appUrl };
      const message = await invite(db, holder(request.params), mail, request.user?.id);
      return reply.status(202).send({ message });
    });
    app.get<{ Params: Params }>(`${path}/portal-access`, config('students.personal'), async (request) =>
      accessOf(db, holder(request.params)),
    );
    app.delete<{ Params: Params }>(`${path}/portal-access`, config('students.write'), async (request) => {
      await revoke(db, holder(request.params), sessions, request.user?.id);
      return { message: 'Acesso ao portal revogado.' };
    });
  }
}

/** The family portal (issue 26): its accounts, its own sessions, and what a family sees of its students. */
export const portalArea: Area = {
  routes(app, ctx) {
    const sessions = portalSessions(ctx.db, ctx.tokens.ttlHours);
    registerOfficeRoutes(app, ctx, sessions);
    registerPortalAuthRoutes(app, ctx, sessions);
    registerStudentRoutes(app, ctx);
    registerDocumentRoutes(app, ctx);
    registerChargeRoutes(app, ctx);
  },
};
