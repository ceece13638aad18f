import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  REQUEST_STATUSES,
  REQUEST_STEPS,
  type CampaignRequest,
  type PanelLine,
} from '../../resources/enrolment-campaigns';
import { searchTerms } from '../crud/search';
import { dynamic, type Db } from '../db/connection';
import { validationError, type FieldErrors } from '../http/errors';
import { asId } from '../http/ids';
import { envelope, parseListQuery } from '../http/list-query';
import { MANAGE, campaignOr404 } from './campaigns';

const SIGNED = ['assinado', 'pago'];
const SORTS: Record<string, string> = {
  id: 'r.id',
  student: 's.name',
  step: 'r.step',
  status: 'r.status',
  submitted_at: 'r.submitted_at',
  from_team: 'ft.name',
  to_team: 'tt.name',
};

const named = (id: unknown, name: unknown) => (id == null ? null : { id: Number(id), name: String(name) });
const when = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** The list's filters (`team_id`: the family's current or next team, `step`, `status`), or a 422 naming the bad one. */
function filtersOf(query: Record<string, unknown>) {
  const errors: FieldErrors = {};
  const one = (name: string, allowed: string[], message: string) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw !== 'string' || !allowed.includes(raw)) errors[name] = [message];
    return raw as string;
  };
  const step = one(
    'step',
    REQUEST_STEPS.map((s) => s.value),
    'Etapa desconhecida.',
  );
  const status = one(
    'status',
    REQUEST_STATUSES.map((s) => s.value),
    'Situação desconhecida.',
  );
  let team: number | undefined;
  if (query.team_id !== undefined && query.team_id !== '') {
    team = asId(query.team_id);
    if (team === undefined) errors.team_id = ['Turma inválida.'];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return { step, status, team };
}

/** Whether a request was ever sent to the office: accepted and returned ones had been, and still count as sent. */
const sent = sql<number>`case when r.submitted_at is null then 0 else 1 end`;

/** A campaign's panel: per line of teams, its families counted at each point of the way. */
export async function panelOf(db: Db, campaignId: number): Promise<PanelLine[]> {
  const rows = await dynamic(db)
    .selectFrom('enrolment_requests as r')
    .leftJoin('teams as ft', 'ft.id', 'r.from_team_id')
    .leftJoin('teams as tt', 'tt.id', 'r.to_team_id')
    .select(['r.from_team_id', 'ft.name as from_name', 'r.to_team_id', 'tt.name as to_name', 'r.step', 'r.status'])
    .select(sent.as('sent'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.campaign_id', '=', campaignId)
    .groupBy(['r.from_team_id', 'ft.name', 'r.to_team_id', 'tt.name', 'r.step', 'r.status'])
    .groupBy(sent)
    .execute();
  const lines = new Map<string, PanelLine>();
  for (const r of rows) {
    const key = `${r.from_team_id ?? ''}|${r.to_team_id ?? ''}`;
    const line =
      lines.get(key) ??
      lines
        .set(key, {
          from_team: named(r.from_team_id, r.from_name),
          to_team: named(r.to_team_id, r.to_name),
          invited: 0,
          opened: 0,
          confirmed: 0,
          signed: 0,
          paid: 0,
          declined: 0,
          accepted: 0,
          pending: 0,
        })
        .get(key)!;
    const n = Number(r.n);
    line.invited += n;
    if (r.step !== 'convidado') line.opened += n;
    // "Enviaram": every family that sent its request, whatever the office did with it since.
    if (Number(r.sent) === 1) line.confirmed += n;
    if (SIGNED.includes(String(r.step))) line.signed += n;
    if (r.step === 'pago') line.paid += n;
    if (r.status === 'desistiu') line.declined += n;
    if (r.status === 'aceito') line.accepted += n;
    if (r.status === 'pendente' || r.status === 'devolvido') line.pending += n;
  }
  const name = (l: PanelLine) => l.from_team?.name ?? l.to_team?.name ?? '';
  return [...lines.values()].sort((a, b) => name(a).localeCompare(name(b), 'pt-BR'));
}

/** `GET /enrolment-campaigns/{id}/requests` and `…/panel`. */
export function registerPanelRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>('/enrolment-campaigns/:id/panel', MANAGE, async (request) => {
    const campaign = await campaignOr404(db, request.params.id);
    return { data: await panelOf(db, Number(campaign.id)) };
  });

  app.get<{ Params: { id: string } }>('/enrolment-campaigns/:id/requests', MANAGE, async (request) => {
    const campaign = await campaignOr404(db, request.params.id);
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const parsed = parseListQuery(raw);
    if (!parsed.ok) throw validationError(parsed.errors);
    const query = parsed.value;
    if (query.sortBy && !SORTS[query.sortBy])
      throw validationError({ sortBy: [`Não é possível ordenar por "${query.sortBy.slice(0, 40)}".`] });
    const { step, status, team } = filtersOf(raw);
    let base = dynamic(db)
      .selectFrom('enrolment_requests as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .leftJoin('guardians as g', 'g.id', 'r.guardian_id')
      .leftJoin('teams as ft', 'ft.id', 'r.from_team_id')
      .leftJoin('teams as tt', 'tt.id', 'r.to_team_id')
      .where('r.campaign_id', '=', Number(campaign.id));
    if (step) base = base.where('r.step', '=', step);
    if (status) base = base.where('r.status', '=', status);
    if (team !== undefined)
      base = base.where((eb) => eb.or([eb('r.from_team_id', '=', team), eb('r.to_team_id', '=', team)]));
    for (const term of searchTerms(query.search))
      base = base.where((eb) =>
        eb.or([
          ...term.texts.map((t) => eb('s.search_text', 'like', `%${t}%`)),
          ...(term.number !== undefined ? [eb('r.id', '=', term.number)] : []),
        ]),
      );
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let page = base
      .select([
        'r.id',
        'r.step',
        'r.status',
        'r.submitted_at',
        'r.office_note',
        's.id as student_id',
        's.name as student_name',
        'g.id as guardian_id',
        'g.name as guardian_name',
        'r.from_team_id',
        'ft.name as from_name',
        'r.to_team_id',
        'tt.name as to_name',
      ])
      .orderBy(sql.ref(SORTS[query.sortBy ?? 'student']), query.sortDesc ? 'desc' : 'asc')
      .orderBy('r.id');
    if (query.page > 0) page = page.limit(query.perPage).offset((query.page - 1) * query.perPage);
    const data: CampaignRequest[] = (await page.execute()).map((r) => ({
      id: Number(r.id),
      student: { id: Number(r.student_id), name: String(r.student_name) },
      guardian: named(r.guardian_id, r.guardian_name),
      from_team: named(r.from_team_id, r.from_name),
      to_team: named(r.to_team_id, r.to_name),
      step: String(r.step),
      status: String(r.status),
      submitted_at: when(r.submitted_at),
      office_note: r.office_note == null ? null : String(r.office_note),
    }));
    return envelope(data, total, query);
  });
}
