import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { z } from 'zod';
import { idParam, parseOr422 } from '../http/errors';
import { accessOf, revoke, type Holder } from './accounts';
import { deliveryOf, invitationLetter, inviteByEmail, inviteInPerson } from './invitation';
import { registerPortalAuthRoutes } from './auth-routes';
import { registerStudentRoutes } from './student-routes';
import { registerDocumentRoutes } from './documents';
import { registerChargeRoutes } from './charges';
import { registerReEnrolmentRoutes } from './re-enrolment-routes';
import { portalSessions, type PortalSessions } from './sessions';

type Params = { id: string };

const inviteSchema = z
  .object({
    delivery: z.enum(['email', 'link'], { error: "A entrega do convite deve ser 'email' ou 'link'." }).optional(),
  })
  .nullish();

/**
 * The office's side: invite a guardian or an adult student (by e-mail; in person, the link shown once; or a printed
 * letter with a one-time code), see their access, revoke it.
 */
function registerOfficeRoutes(app: FastifyInstance, ctx: AreaContext, sessions: PortalSessions): void {
  const { db } = ctx;
  const invitations = { db, mailer: ctx.mailer, appUrl: ctx.settings.appUrl };
  const holders: { path: string; kind: Holder['kind']; reach?: Record<string, string> }[] = [
    { path: '/guardians/:id', kind: 'guardian' },
    // A professor holds neither permission; the reach keeps the rule of every route naming a student all the same.
    { path: '/students/:id', kind: 'student', reach: { id: 'students' } },
  ];
  for (const { path, kind, reach } of holders) {
    const holder = (params: Params): Holder => ({ kind, id: idParam(params.id) });
    const config = (access: string) => ({ config: reach ? { access, reach } : { access } });
    app.post<{ Params: Params }>(`${path}/invite`, config('students.write'), async (request, reply) => {
      const asked = parseOr422(inviteSchema, request.body)?.delivery;
      const who = holder(request.params);
      // Without SMTP the e-mail would never leave: the link is answered, once, for the office to hand over.
      if (deliveryOf(asked, ctx.mailer) === 'link')
        return reply.status(201).send(await inviteInPerson(invitations, who, request.user?.id));
      return reply.status(202).send({ message: await inviteByEmail(invitations, who, request.user?.id) });
    });
    app.post<{ Params: Params }>(`${path}/invitation-letter`, config('students.write'), async (request, reply) => {
      const { pdf } = await invitationLetter(invitations, holder(request.params), request.user?.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="convite-portal.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    });
    app.get<{ Params: Params }>(`${path}/portal-access`, config('students.personal'), async (request) => ({
      ...(await accessOf(db, holder(request.params))),
      // Whether "Enviar por e-mail" can reach anyone: the screen offers only the in-person ways without it.
      email_delivery: ctx.mailer.delivers,
    }));
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
    registerReEnrolmentRoutes(app, ctx);
  },
};
