import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admissions } from '../../resources/admissions';
import { resources } from '../../resources';
import type { AreaContext } from '../area';
import { ResourceRepository } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transaction';
import { ApiError, notFound, validationError } from '../http/errors';
import { loadSettings } from '../school/routes';
import { admissionKey } from './admission-key';
import { admissionInput, type AdmissionInput } from './admissions-input';
import {
  offeredTeams,
  onTeamPlaces,
  openCampaigns,
  placesTaken,
  positionOf,
  waitingCount,
  type OpenCampaign,
} from './admissions-places';

/**
 * The same child asked for twice in one campaign (same name, birth date and guardian's CPF): refused in words the
 * family understands, pointing to the request it already has — a second row would take a second place or waiting-list
 * position and show the office the child twice. Only whoever knows the three facts learns that a request exists.
 */
export const ALREADY_APPLIED =
  'Já recebemos um pedido de matrícula deste aluno nesta campanha. Acompanhe-o pelo link enviado por e-mail ' +
  'quando o pedido foi feito.';

export const ADMISSIONS_CLOSED = 'As inscrições para a matrícula de novos alunos não estão abertas.';
const TEAM_NOT_OFFERED = 'Escolha uma das turmas oferecidas nesta matrícula.';
const FOLLOW_NOT_FOUND = 'Pedido não encontrado. Confira o link recebido por e-mail.';
/** The most a form of names, dates and a proof of work takes. */
const BODY_LIMIT = 16 * 1024;

export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a family is told of its request: its status and, on the waiting list, its place — nothing of the others. */
export function answerOf(status: string, position?: number): { status: string; position?: number; message: string } {
  if (status === 'espera')
    return { status, position, message: `Você está na lista de espera, posição ${position}. Avisaremos por e-mail.` };
  if (status === 'aceita')
    return { status, message: 'Pedido aceito! Você receberá por e-mail o convite para o Portal das famílias.' };
  if (status === 'recusada') return { status, message: 'A escola não pôde aceitar este pedido.' };
  return { status, message: 'Recebemos seu pedido. A secretaria vai analisá-lo e responderá por e-mail.' };
}

/**
 * The public side of admission (issue 39): the open campaign and its teams, the form, the follow link. No token:
 * each route is rate limited per IP, and the form wants a fresh proof of work, as the home page's contact form.
 */
export function registerPublicAdmissionRoutes(app: FastifyInstance, ctx: AreaContext): void {
  const { db } = ctx;
  const limited = (max: number) => ({
    public: true,
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (r: FastifyRequest) => `public:${r.routeOptions.url}:${r.ip}`,
    },
  });
  const rate = ctx.settings.publicRateLimit;

  // For the form and the home page's link: the teams, each with places or a waiting list (no counts).
  app.get('/admissions/open', { config: limited(rate) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [campaign] = await openCampaigns(db);
    if (!campaign) return { data: null };
    const teams = await offeredTeams(db, campaign.id);
    const data = [];
    for (const t of teams) {
      const free = t.capacity === null || (await placesTaken(db, t.id)) < t.capacity;
      const waiting = free ? await waitingCount(db, campaign.id, t.id) : 0;
      data.push({ id: t.id, name: t.name, places: free && waiting === 0 ? 'vagas disponíveis' : 'lista de espera' });
    }
    return { data: { id: campaign.id, year: campaign.year, closes_on: campaign.closes_on, teams: data } };
  });

  app.post(
    '/admissions',
    { config: limited(Math.max(2, Math.floor(rate / 6))), bodyLimit: BODY_LIMIT },
    async (request, reply) => {
      const input = admissionInput(request.body);
      const refused = await ctx.captcha.check(input.altcha ?? request.headers['x-altcha']);
      if (refused) throw new ApiError(403, refused);
      // A bot filled the field no person sees: it is told what a family is, and nothing is kept.
      if (input.website?.trim()) return reply.status(201).send(answerOf('pendente'));
      const campaigns = await openCampaigns(db);
      if (campaigns.length === 0) throw notFound(ADMISSIONS_CLOSED);
      let campaign: OpenCampaign | undefined;
      let team: { id: number; name: string; capacity: number | null } | undefined;
      for (const c of campaigns) {
        team = (await offeredTeams(db, c.id)).find((t) => t.id === input.team_id);
        if (team) {
          campaign = c;
          break;
        }
      }
      if (!campaign || !team) throw validationError({ team_id: [TEAM_NOT_OFFERED] });
      const token = randomBytes(24).toString('base64url');
      const applicant = admissionKey(input.student.name, input.student.birth_date, input.guardian.cpf);
      const { status, position } = await onTeamPlaces(db, team.id, () =>
        inTransaction(db, async (tx) => {
          const taken = await placesTaken(tx, team.id);
          // Order of arrival: while anyone waits, a newcomer waits behind them, even for a place freed meanwhile.
          const waiting = await waitingCount(tx, campaign.id, team.id);
          const free = team.capacity === null || (taken < team.capacity && waiting === 0);
          const state = free ? 'pendente' : 'espera';
          const id = await new ResourceRepository(tx, admissions, resources).insert({
            campaign_id: campaign.id,
            team_id: team.id,
            status: state,
            student_name: input.student.name,
            student_birth_date: input.student.birth_date,
            student_cpf: input.student.cpf,
            guardian_name: input.guardian.name,
            guardian_cpf: input.guardian.cpf,
            guardian_email: input.guardian.email,
            guardian_phone: input.guardian.phone,
            follow_token_hash: hashOfToken(token),
            // Unique per campaign: of two posts of the same child at once, the second meets it (below).
            applicant_key: applicant,
          });
          const place = free ? undefined : await positionOf(tx, { id, campaign_id: campaign.id, team_id: team.id });
          await mailReceipt(ctx, tx, { input, team: team.name, year: campaign.year, token, status: state, place });
          return { status: state, position: place };
        }),
      ).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ApiError(422, ALREADY_APPLIED, { 'student.name': [ALREADY_APPLIED] });
        throw error;
      });
      ctx.mailer.deliverSoon();
      return reply.status(201).send(answerOf(status, position));
    },
  );

  // The e-mailed link: its own request's status and nothing else. The token is a secret: the route logs no line.
  app.get<{ Params: { token: string } }>(
    '/admissions/follow/:token',
    { config: limited(rate), logLevel: 'warn' },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.params.token;
      if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw notFound(FOLLOW_NOT_FOUND);
      const row = await dynamic(db)
        .selectFrom('admissions')
        .select(['id', 'campaign_id', 'team_id', 'status'])
        .where('follow_token_hash', '=', hashOfToken(token))
        .executeTakeFirst();
      if (!row) throw notFound(FOLLOW_NOT_FOUND);
      const status = String(row.status);
      const place =
        status === 'espera'
          ? await positionOf(db, {
              id: Number(row.id),
              campaign_id: Number(row.campaign_id),
              team_id: Number(row.team_id),
            })
          : undefined;
      return answerOf(status, place);
    },
  );
}

/** The receipt to the guardian, in the admission's transaction (the outbox keeps the link masked). */
async function mailReceipt(
  ctx: AreaContext,
  tx: Db,
  m: { input: AdmissionInput; team: string; year: number; token: string; status: string; place?: number },
): Promise<void> {
  const school = (await loadSettings(tx)).school_name;
  const link = `${ctx.settings.appUrl.replace(/\/$/, '')}/matricula/acompanhar?token=${m.token}`;
  const where =
    m.status === 'espera'
      ? `A turma ${m.team} está com as vagas preenchidas: o pedido entrou na lista de espera, na posição ${m.place}.`
      : `A secretaria vai analisar o pedido para a turma ${m.team} e responderá por e-mail.`;
  const text =
    `Olá, ${m.input.guardian.name}!\n\nRecebemos o pedido de matrícula ${m.year} de ${m.input.student.name}.\n\n` +
    `${where}\n\nAcompanhe o pedido por este link:\n\n${link}\n\n${school}\n`;
  await ctx.mailer.send(
    { to: m.input.guardian.email, subject: `${school}: pedido de matrícula ${m.year}`, text, secrets: [m.token] },
    tx,
  );
}
