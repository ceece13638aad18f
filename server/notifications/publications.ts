import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { conflict, idParam, notFound, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';
import { embeddedUser } from '../users/embedded';
import { missingGradesText, PARTIAL_PUBLICATION, type StageCompleteness } from '../../resources/publications';
import { stageCompleteness } from './missing-grades';

/** A stage of the team's grid, whether (when, by whom) its grades were made public, and how many are missing. */
export interface StagePublication extends StageCompleteness {
  stage_id: number;
  stage: number;
  name: string;
  published_at: string | null;
  published_by: { id: number | null; name: string } | null;
}

export const stageName = (stage: number, description: string | null) => description?.trim() || `${stage}ª etapa`;

const ALREADY_PUBLISHED = 'As notas desta etapa já foram publicadas para esta turma.';

const bodySchema = z.object({
  stage_id: idSchema('Escolha a etapa.'),
  // Publishing a stage with grades missing is asked first (409 with the count), then sent again confirmed.
  confirm: z.boolean({ error: 'Informe true para publicar mesmo com notas faltando.' }).optional(),
});

const NONE_MISSING: StageCompleteness = {
  expected_grades: 0,
  missing_grades: 0,
  students_missing: 0,
  disciplines_missing: [],
};

/** Every stage of the team's grid, in order, with its publication. */
async function publicationsOf(db: Db, teamId: number, gridId: number): Promise<StagePublication[]> {
  const k = dynamic(db);
  const stages = await k
    .selectFrom('grid_templates as gt')
    .innerJoin('stages as s', 's.id', 'gt.stage_id')
    .select(['s.id', 's.stage', 's.description'])
    .distinct()
    .where('gt.grid_id', '=', gridId)
    .orderBy('s.stage')
    .execute();
  const published = await k
    .selectFrom('grade_publications as p')
    .leftJoin('users as u', 'u.id', 'p.published_by')
    .select(['p.stage_id', 'p.created_at', 'p.published_by', 'u.name'])
    .where('p.team_id', '=', teamId)
    .execute();
  const byStage = new Map(published.map((p) => [Number(p.stage_id), p]));
  const completeness = await stageCompleteness(db, teamId, gridId);
  return stages.map((s) => {
    const p = byStage.get(Number(s.id));
    return {
      ...(completeness.get(Number(s.id)) ?? NONE_MISSING),
      stage_id: Number(s.id),
      stage: Number(s.stage),
      name: stageName(Number(s.stage), s.description),
      published_at: p ? (p.created_at instanceof Date ? p.created_at.toISOString() : String(p.created_at)) : null,
      published_by: p ? { id: p.published_by === null ? null : Number(p.published_by), ...embeddedUser(p.name) } : null,
    };
  });
}

async function teamGrid(db: Db, teamId: number): Promise<number> {
  const team = await dynamic(db).selectFrom('teams').select('grid_id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw notFound('Turma não encontrada.');
  return Number(team.grid_id);
}

/**
 * `GET/POST /teams/{team}/grade-publications`, `DELETE …/{stage}`: the office publishes a stage's grades once they
 * are complete. Publishing is the event families are e-mailed about (server/notifications/sweep.ts).
 */
export function registerPublicationRoutes(app: FastifyInstance, db: Db, published: () => void): void {
  const k = dynamic(db);
  const reach = { team: 'teams' } as const;

  app.get<{ Params: { team: string } }>(
    '/teams/:team/grade-publications',
    { config: { access: 'teams.read', reach } },
    async (request) => {
      const teamId = idParam(request.params.team);
      return { data: await publicationsOf(db, teamId, await teamGrid(db, teamId)) };
    },
  );

  app.post<{ Params: { team: string } }>(
    '/teams/:team/grade-publications',
    { config: { access: 'teams.write', reach } },
    async (request, reply) => {
      const teamId = idParam(request.params.team);
      const { stage_id: stageId, confirm } = parseOr422(bodySchema, request.body);
      const grid = await teamGrid(db, teamId);
      const stage = await k
        .selectFrom('grid_templates as gt')
        .innerJoin('stages as s', 's.id', 'gt.stage_id')
        .select(['s.stage', 's.description'])
        .where('gt.grid_id', '=', grid)
        .where('gt.stage_id', '=', stageId)
        .executeTakeFirst();
      if (!stage) throw validationError({ stage_id: ['Esta etapa não faz parte da grade da turma.'] });
      const already = await k
        .selectFrom('grade_publications')
        .select('id')
        .where('team_id', '=', teamId)
        .where('stage_id', '=', stageId)
        .executeTakeFirst();
      if (already) throw conflict(ALREADY_PUBLISHED);
      // Families would see a stage half empty: the office is told how many grades are missing and decides.
      const complete = (await stageCompleteness(db, teamId, grid)).get(stageId) ?? NONE_MISSING;
      if (complete.missing_grades > 0 && confirm !== true)
        return reply.status(409).send({
          message: `${missingGradesText(stageName(stage.stage, stage.description), complete)} ${PARTIAL_PUBLICATION} Publicar mesmo assim?`,
          confirm: true,
          ...complete,
        });
      const now = new Date().toISOString();
      await inTransaction(db, async (tx) => {
        const row = await dynamic(tx)
          .insertInto('grade_publications')
          .values({
            team_id: teamId,
            stage_id: stageId,
            published_by: request.user?.id ?? null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['team_id', 'stage_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw conflict(ALREADY_PUBLISHED);
        await audit(tx, {
          userId: request.user?.id,
          entity: 'grade_publications',
          entityId: Number(row.id),
          action: 'create',
          changes: { team_id: teamId, stage_id: stageId, missing_grades: complete.missing_grades },
        });
      });
      published();
      reply.status(201);
      return {
        data: (await publicationsOf(db, teamId, grid)).find((p) => p.stage_id === stageId),
        message:
          `Notas de ${stageName(stage.stage, stage.description)} publicadas. ` +
          'As famílias que têm e-mail cadastrado serão avisadas.',
      };
    },
  );

  app.delete<{ Params: { team: string; stage: string } }>(
    '/teams/:team/grade-publications/:stage',
    { config: { access: 'teams.write', reach } },
    async (request) => {
      const teamId = idParam(request.params.team);
      const stageId = idParam(request.params.stage);
      await teamGrid(db, teamId);
      await inTransaction(db, async (tx) => {
        const row = await dynamic(tx)
          .deleteFrom('grade_publications')
          .where('team_id', '=', teamId)
          .where('stage_id', '=', stageId)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw notFound('As notas desta etapa não estão publicadas para esta turma.');
        await audit(tx, {
          userId: request.user?.id,
          entity: 'grade_publications',
          entityId: Number(row.id),
          action: 'delete',
          changes: { team_id: teamId, stage_id: stageId },
        });
      });
      return { message: 'Publicação desfeita: as notas desta etapa deixam de aparecer no portal.' };
    },
  );
}
