import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { MANAGE, campaignHooks, campaignOr404, registerCampaignRoutes } from './campaigns';
import { inviteFamilies, mailInvitations } from './invitations';
import { registerPanelRoutes } from './panel';
import { remindPending, sweepEnrolment } from './reminders';
import { registerReturnRoute } from './returns';

function registerCampaignActions(app: FastifyInstance, ctx: AreaContext, sweepNow: () => void): void {
  const { db, mailer } = ctx;
  const appUrl = ctx.settings.appUrl;
  // "Convidar famílias": the requests made at once (the sweep would make them at its next pass), e-mails once.
  app.post<{ Params: { id: string } }>('/enrolment-campaigns/:id/invite', MANAGE, async (request) => {
    const campaign = await campaignOr404(db, request.params.id);
    if (campaign.kind !== 'rematricula')
      return {
        data: { created: 0, mailed: 0 },
        message: 'Uma campanha de matrícula de novos alunos não tem convites.',
      };
    const created = await inviteFamilies(db, Number(campaign.id));
    const mailed = await mailInvitations(db, mailer, Number(campaign.id), { appUrl });
    sweepNow();
    const message = created
      ? `${created} ${created === 1 ? 'família convidada' : 'famílias convidadas'}.`
      : 'Todas as famílias das turmas da campanha já estavam convidadas.';
    return { data: { created, mailed }, message };
  });
  // "Lembrar pendentes": the same reminders the daily sweep writes, at once, for this campaign.
  app.post<{ Params: { id: string } }>('/enrolment-campaigns/:id/remind', MANAGE, async (request) => {
    const campaign = await campaignOr404(db, request.params.id);
    const reminded = await remindPending(db, mailer, { appUrl, campaignId: Number(campaign.id) });
    const message = reminded
      ? `${reminded} ${reminded === 1 ? 'lembrete enviado' : 'lembretes enviados'} à caixa de saída.`
      : 'Nenhum lembrete a enviar: as famílias pendentes já foram lembradas nas últimas 24 horas ou a campanha está fechada.';
    return { data: { reminded }, message };
  });
}

/**
 * The enrolment season, the office's side (issue 39): campaigns, the invitation of families, the panel and the list
 * of requests, returning one, the reminders. The sweep is the job runner's `enrolment.sweep`, on the period of the
 * families' notifications (unset: never; tests sweep by hand); its claims keep every e-mail single.
 */
export const enrolmentCampaignArea: Area = {
  routes(app, ctx) {
    const sweepNow = ctx.jobs.every(
      'enrolment.sweep',
      ctx.settings.notifyPollMs,
      () => sweepEnrolment(ctx.db, ctx.mailer, { appUrl: ctx.settings.appUrl }),
      { label: 'Convites e lembretes da rematrícula' },
    );
    registerCampaignRoutes(app, ctx.db);
    registerPanelRoutes(app, ctx.db);
    registerReturnRoute(app, ctx);
    registerCampaignActions(app, ctx, sweepNow);
  },
  hooks: ({ db }) => ({ 'enrolment-campaigns': campaignHooks(db) }),
};
