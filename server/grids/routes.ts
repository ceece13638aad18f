import type { FastifyInstance } from 'fastify';
import type { Area } from '../area';
import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { fieldErrorsOf, idParam as id, notFound, validationError, type FieldErrors } from '../http/errors';
import { asId, idSchema, optionalIdSchema } from '../http/ids';
import { contractFullGrid } from './full-grid';
import { templateRows } from './queries';

const positive = (label: string) => idSchema(`Selecione ${label}.`);

const rowSchema = z.object({
  id: optionalIdSchema('Linha da grade inválida.'),
  grid_id: positive('a grade'),
  discipline_id: positive('a disciplina'),
  stage_id: positive('a etapa'),
  workload: z.coerce
    .number({ error: 'A carga horária deve ser um número.' })
    .int({ error: 'A carga horária deve ser um número inteiro.' })
    .min(1, { error: 'A carga horária deve ser maior que zero.' })
    .max(9999, { error: 'A carga horária deve ser no máximo 9999.' }),
});

/** Rows arrive as a list, as `{rows: [...]}` or `{data: [...]}`. */
function rowsOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const { rows, data } = body as { rows?: unknown; data?: unknown };
    if (Array.isArray(rows)) return rows;
    if (Array.isArray(data)) return data;
  }
  return undefined;
}

/** Grid template rows (discipline × stage × workload) and a team's full grid. */
export function registerGridRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  app.get<{ Params: { id: string } }>(
    '/grids/get-grid-template/:id',
    { config: { access: 'master.read' } },
    async (request) => {
      const gridId = id(request.params.id);
      if (!(await k.selectFrom('grids').select('id').where('id', '=', gridId).executeTakeFirst()))
        throw notFound('Grade não encontrada.');
      return { data: await templateRows(db, gridId) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/grids/remove-template-from-grid/:id',
    { config: { access: 'master.write' } },
    async (request) => {
      const rowId = id(request.params.id);
      const result = await k.deleteFrom('grid_templates').where('id', '=', rowId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Linha da grade não encontrada.');
      return { message: 'Linha removida da grade com sucesso!' };
    },
  );

  app.post('/grid-templates', { config: { access: 'master.write' } }, async (request, reply) => {
    const raw = rowsOf(request.body);
    if (!raw || raw.length === 0) throw validationError({ rows: ['Informe pelo menos uma linha da grade.'] });
    const errors: FieldErrors = {};
    const rows: (z.infer<typeof rowSchema> & { course_id?: number })[] = [];
    raw.forEach((item, i) => {
      const parsed = rowSchema.safeParse(item);
      if (parsed.success) rows.push(parsed.data);
      else fieldErrorsOf(parsed.error.issues, `rows.${i}.`, errors);
    });
    if (Object.keys(errors).length) throw validationError(errors);

    const seen = new Set<string>();
    for (const [i, row] of rows.entries()) {
      const grid = await k
        .selectFrom('grids')
        .select(['id', 'course_id'])
        .where('id', '=', row.grid_id)
        .executeTakeFirst();
      if (!grid) errors[`rows.${i}.grid_id`] = ['A grade selecionada não existe.'];
      else row.course_id = Number(grid.course_id);
      if (!(await k.selectFrom('disciplines').select('id').where('id', '=', row.discipline_id).executeTakeFirst())) {
        errors[`rows.${i}.discipline_id`] = ['A disciplina selecionada não existe.'];
      }
      if (!(await k.selectFrom('stages').select('id').where('id', '=', row.stage_id).executeTakeFirst())) {
        errors[`rows.${i}.stage_id`] = ['A etapa selecionada não existe.'];
      }
      const key = `${row.grid_id}:${row.discipline_id}:${row.stage_id}`;
      if (seen.has(key)) errors[`rows.${i}.discipline_id`] = ['Esta disciplina aparece duas vezes na mesma etapa.'];
      seen.add(key);
    }
    if (Object.keys(errors).length) throw validationError(errors);

    const now = new Date().toISOString();
    try {
      await k.transaction().execute(async (trx) => {
        for (const row of rows) {
          const values = {
            grid_id: row.grid_id,
            course_id: row.course_id!,
            discipline_id: row.discipline_id,
            stage_id: row.stage_id,
            workload: row.workload,
          };
          if (row.id) {
            const updated = await trx
              .updateTable('grid_templates')
              .set({ ...values, updated_at: now })
              .where('id', '=', row.id)
              .executeTakeFirst();
            if (Number(updated.numUpdatedRows) === 0) throw notFound('Linha da grade não encontrada.');
          } else {
            await trx
              .insertInto('grid_templates')
              .values({ ...values, created_at: now, updated_at: now })
              .execute();
          }
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ rows: ['Esta disciplina já está nesta etapa da grade.'] });
      throw error;
    }
    reply.status(201);
    return { data: await templateRows(db, rows[0].grid_id), message: 'Grade salva com sucesso!' };
  });

  app.get<{ Params: { team: string }; Querystring: { discipline_id?: string } }>(
    '/grids/:team/get-full-grid',
    { config: { access: 'teams.read', reach: { team: 'teams' } } },
    async (request) => {
      const teamId = id(request.params.team);
      const team = await k
        .selectFrom('teams as t')
        .innerJoin('grids as g', 'g.id', 't.grid_id')
        .innerJoin('courses as c', 'c.id', 'g.course_id')
        .select(['t.grid_id', 'g.name as grid_name', 'c.name as course_name'])
        .where('t.id', '=', teamId)
        .executeTakeFirst();
      if (!team) throw notFound('Turma não encontrada.');
      const disciplineId = asId(request.query.discipline_id);
      const rows = await templateRows(db, Number(team.grid_id), disciplineId);
      return contractFullGrid(rows, {
        course: team.course_name ? String(team.course_name) : null,
        grid: team.grid_name ? String(team.grid_name) : null,
      });
    },
  );
}

const gridRow = { table: 'grid_templates', singular: 'linha de grade', plural: 'linhas de grade' };

/** Curriculum grids: their rows (grid templates), which keep grids, courses, disciplines and stages in use. */
export const gridsArea: Area = {
  routes: (app, { db }) => registerGridRoutes(app, db),
  dependents: {
    grids: [{ ...gridRow, foreignKey: 'grid_id' }],
    courses: [{ ...gridRow, foreignKey: 'course_id' }],
    disciplines: [{ ...gridRow, foreignKey: 'discipline_id' }],
    stages: [{ ...gridRow, foreignKey: 'stage_id' }],
  },
};
