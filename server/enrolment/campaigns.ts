import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../resources';
import { campaignName, enrolmentCampaigns as config } from '../../resources/enrolment-campaigns';
import { audit, diff } from '../audit/log';
import type { ResourceHooks } from '../crud/hooks';
import { ResourceRepository, type Row } from '../crud/repository';
import { parseBody, writeSchemasOf } from '../crud/validation';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { idParam, notFound, parseOr422, validationError } from '../http/errors';
import { asId } from '../http/ids';
import { loadSettings } from '../school/routes';
import { checkTeams, nestedSchema, prefillTeams, type CampaignTeam } from './campaign-input';

export const MANAGE = { config: { access: 'enrolment.manage' } };

/** A campaign's documents column (a JSON array of names), as a list whatever was stored. */
export function documentsOf(raw: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(raw ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

async function teamsOf(db: Db, ids: number[]): Promise<Map<number, CampaignTeam[]>> {
  const map = new Map<number, CampaignTeam[]>(ids.map((id) => [id, []]));
  if (!ids.length) return map;
  const rows = await dynamic(db)
    .selectFrom('enrolment_campaign_teams')
    .select(['campaign_id', 'from_team_id', 'to_team_id', 'payment_plan_id', 'contract_template_id'])
    .where('campaign_id', 'in', ids)
    .orderBy('id')
    .execute();
  const id = (v: unknown) => (v == null ? null : Number(v));
  for (const r of rows)
    map.get(Number(r.campaign_id))?.push({
      from_team_id: id(r.from_team_id),
      to_team_id: Number(r.to_team_id),
      payment_plan_id: id(r.payment_plan_id),
      contract_template_id: id(r.contract_template_id),
    });
  return map;
}

/** Campaign rows with their teams and their documents as a list, read through `db` (a transaction's, when in one). */
async function decorated(db: Db, rows: Row[]): Promise<Row[]> {
  const teams = await teamsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  // Not a field of the config (the engine neither reads nor writes it): read here, written by the routes below.
  const documents = rows.length
    ? await dynamic(db)
        .selectFrom('enrolment_campaigns')
        .select(['id', 'documents'])
        .where(
          'id',
          'in',
          rows.map((r) => Number(r.id)),
        )
        .execute()
    : [];
  const named = new Map(documents.map((d) => [Number(d.id), documentsOf(d.documents)]));
  return rows.map((r) => ({ ...r, documents: named.get(Number(r.id)) ?? [], teams: teams.get(Number(r.id)) ?? [] }));
}

/** Every answer about a campaign carries its teams and its documents as a list. */
export function campaignHooks(db: Db): ResourceHooks {
  return {
    decorateList: (rows) => decorated(db, rows),
    decorateRecord: async (row) => (await decorated(db, [row]))[0],
  };
}

/** The campaign of the path, or 404. */
export async function campaignOr404(db: Db, raw: string) {
  const row = await dynamic(db)
    .selectFrom('enrolment_campaigns')
    .selectAll()
    .where('id', '=', idParam(raw))
    .executeTakeFirst();
  if (!row) throw notFound('Campanha não encontrada.');
  return row as Row & { id: number; school_year_id: number; kind: string };
}

/** The campaign's `name` ("Matrícula 2027"), from its kind and school year as they are now. */
async function nameCampaign(tx: Db, id: number): Promise<void> {
  const k = dynamic(tx);
  const row = await k
    .selectFrom('enrolment_campaigns as c')
    .innerJoin('school_years as y', 'y.id', 'c.school_year_id')
    .select(['c.kind', 'y.year'])
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  const name = campaignName(String(row.kind), Number(row.year));
  await k.updateTable('enrolment_campaigns').set({ name }).where('id', '=', id).execute();
}

async function replaceTeams(tx: Db, campaignId: number, lines: CampaignTeam[]) {
  const k = dynamic(tx);
  await k.deleteFrom('enrolment_campaign_teams').where('campaign_id', '=', campaignId).execute();
  if (lines.length)
    await k
      .insertInto('enrolment_campaign_teams')
      .values(lines.map((l) => ({ campaign_id: campaignId, ...l })))
      .execute();
}

/**
 * `POST` and `PUT /enrolment-campaigns`: the plain fields validated by the config (as the generic engine does), the
 * teams and documents beside them, one transaction with its audit entry.
 */
export function registerCampaignRoutes(app: FastifyInstance, db: Db): void {
  const repo = new ResourceRepository(db, config, resources);
  const schemas = writeSchemasOf(config);
  const answer = async (tx: Db, id: number) => (await decorated(tx, [(await repo.within(tx).findById(id))!]))[0];

  const checkPlain = async (values: Row, stored?: Row) => {
    const yearId = Number(values.school_year_id ?? stored?.school_year_id);
    const year = await dynamic(db).selectFrom('school_years').select('id').where('id', '=', yearId).executeTakeFirst();
    if (!year) throw validationError({ school_year_id: ['O ano letivo escolhido não existe.'] });
    const opens = String(values.opens_on ?? stored?.opens_on);
    const closes = String(values.closes_on ?? stored?.closes_on);
    if (closes < opens)
      throw validationError({ closes_on: ['O encerramento da campanha não pode ser antes da abertura.'] });
    return yearId;
  };

  const write = async (request: FastifyRequest, mode: 'create' | 'update', stored?: Row) => {
    const parsed = parseBody(mode === 'create' ? schemas.create : schemas.update, request.body);
    if (!parsed.ok) throw validationError(parsed.errors);
    const nested = parseOr422(nestedSchema, request.body);
    const plain = Object.fromEntries(Object.entries(parsed.value).filter(([, v]) => v !== undefined));
    const yearId = await checkPlain(plain, stored);
    // A campaign moved to another year has its teams checked again, sent or kept.
    const lines =
      nested.teams ??
      (stored && plain.school_year_id !== undefined
        ? (await teamsOf(db, [Number(stored.id)])).get(Number(stored.id))
        : undefined);
    const teams = lines ? await checkTeams(db, yearId, lines) : undefined;
    const documents = nested.documents && JSON.stringify([...new Set(nested.documents)]);
    const before = stored && (await decorated(db, [stored]))[0];
    return inTransaction(db, async (tx) => {
      const writer = repo.within(tx);
      const id = stored ? Number(stored.id) : await writer.insert(plain);
      if (stored && Object.keys(plain).length) await writer.update(id, plain);
      if (documents !== undefined)
        await dynamic(tx).updateTable('enrolment_campaigns').set({ documents }).where('id', '=', id).execute();
      await nameCampaign(tx, id);
      if (teams) await replaceTeams(tx, id, teams);
      const after = await answer(tx, id);
      await audit(tx, {
        userId: request.user?.id,
        entity: config.name,
        entityId: id,
        action: mode,
        changes: diff(before, after),
      });
      return after;
    });
  };

  app.post('/enrolment-campaigns', MANAGE, async (request, reply) => {
    const data = await write(request, 'create');
    return reply.status(201).send({ data, message: 'Campanha criada com sucesso!' });
  });

  app.put<{ Params: { id: string } }>('/enrolment-campaigns/:id', MANAGE, async (request) => {
    const stored = await campaignOr404(db, request.params.id);
    const data = await write(request, 'update', (await repo.findById(Number(stored.id)))!);
    return { data, message: 'Campanha atualizada com sucesso!' };
  });

  // "Preencher pela rematrícula automática": the lines the form fills in, nothing written.
  app.get('/enrolment-campaigns/prefill', MANAGE, async (request) => {
    const yearId = asId((request.query as { school_year_id?: unknown }).school_year_id);
    if (yearId === undefined) throw validationError({ school_year_id: ['Selecione o ano letivo da campanha.'] });
    const template = (await loadSettings(db)).contract_text_document_id;
    const data = (await prefillTeams(db, yearId)).map((l) => ({ ...l, contract_template_id: template }));
    return { data };
  });
}
