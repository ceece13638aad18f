import type { FastifyInstance } from 'fastify';
import type { Area } from '../area';
import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { fieldErrorsOf, idParam as id, notFound, validationError, type FieldErrors } from '../http/errors';
import { asId, idSchema, optionalIdSchema } from '../http/ids';
import { contractFullGrid } from './full-grid';
import { templateRows } from './queries';
import { ResourceRepository } from '../crud/repository';
import type { ResourceConfig } from '../../resources/types';

const positive = (label: string) => idSchema(`Selecione ${label}.`);

const rowSchema = z.object({
  id: optionalIdSchema('Linha da grade inválida.'),
  grid_id: positive('a grade'),
  // Read only for a grid without a course (the original client sends it on every row).
  course_id: optionalIdSchema('Selecione o curso.'),
  discipline_id: positive('a disciplina'),
  stage_id: positive('a etapa'),
  workload: z.coerce
    .number({ error: 'A carga horária deve ser um número.' })
    .int({ error: 'A carga horária deve ser um número inteiro.' })
    .min(1, { error: 'A carga horária deve ser maior que zero.' })
    .max(9999, { error: 'A carga horária deve ser no máximo 9999.' }),
});

/** Keys of an object that is a list written as one (`{"0": …, "1": …}`), in order; undefined otherwise. */
function listKeys(body: object): string[] | undefined {
  const keys = Object.keys(body);
  if (keys.length === 0 || !keys.every((key) => /^\d{1,4}$/.test(key))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b));
}

/**
 * Rows arrive as a list, as `{rows: [...]}` or `{data: [...]}`, or as the original client sends them: an object keyed
 * "0", "1", … after it removed the grid's rows (GET /grids/remove-template-from-grid/{grid}). Those are new rows:
 * an `id` they carry names a row that is gone, and is not read (`fresh`).
 */
function rowsOf(body: unknown): { rows: unknown[]; fresh: boolean } | undefined {
  if (Array.isArray(body)) return { rows: body, fresh: false };
  if (body && typeof body === 'object') {
    const { rows, data } = body as { rows?: unknown; data?: unknown };
    if (Array.isArray(rows)) return { rows, fresh: false };
    if (Array.isArray(data)) return { rows: data, fresh: false };
    const keys = listKeys(body);
    if (keys) return { rows: keys.map((key) => (body as Record<string, unknown>)[key]), fresh: true };
  }
  return undefined;
}

/** Grid template rows (discipline × stage × workload) and a team's full grid. */
export function registerGridRoutes(app: FastifyInstance, db: Db, resources: ResourceConfig[]): void {
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

  // The original contract: every row of grid {id} goes, and the client posts the grid's rows again (its save).
  app.get<{ Params: { id: string } }>(
    '/grids/remove-template-from-grid/:id',
    { config: { access: 'master.write' } },
    async (request) => {
      const gridId = id(request.params.id);
      if (!(await k.selectFrom('grids').select('id').where('id', '=', gridId).executeTakeFirst()))
        throw notFound('Grade não encontrada.');
      await k.deleteFrom('grid_templates').where('grid_id', '=', gridId).execute();
      return { message: 'Linhas da grade removidas com sucesso!' };
    },
  );

  // One row, as this project's rows editor removes it.
  app.delete<{ Params: { id: string } }>(
    '/grid-templates/:id',
    { config: { access: 'master.write' } },
    async (request) => {
      const result = await k.deleteFrom('grid_templates').where('id', '=', id(request.params.id)).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('Linha da grade não encontrada.');
      return { message: 'Linha removida da grade com sucesso!' };
    },
  );

  app.post('/grid-templates', { config: { access: 'master.write' } }, async (request, reply) => {
    const sent = rowsOf(request.body);
    if (!sent || sent.rows.length === 0) throw validationError({ rows: ['Informe pelo menos uma linha da grade.'] });
    const errors: FieldErrors = {};
    const rows: z.infer<typeof rowSchema>[] = [];
    sent.rows.forEach((item, i) => {
      const parsed = rowSchema.safeParse(item);
      if (parsed.success) rows.push(sent.fresh ? { ...parsed.data, id: null } : parsed.data);
      else fieldErrorsOf(parsed.error.issues, `rows.${i}.`, errors);
    });
    if (Object.keys(errors).length) throw validationError(errors);

    const seen = new Set<string>();
    /** Grids registered without a course, and the course their rows bring (the first row's). */
    const coursesOfGrids = new Map<number, number>();
    for (const [i, row] of rows.entries()) {
      const grid = await k
        .selectFrom('grids')
        .select(['id', 'course_id'])
        .where('id', '=', row.grid_id)
        .executeTakeFirst();
      if (!grid) errors[`rows.${i}.grid_id`] = ['A grade selecionada não existe.'];
      else if (grid.course_id !== null) row.course_id = Number(grid.course_id);
      else if (!row.course_id) errors[`rows.${i}.course_id`] = ['Selecione o curso.'];
      else if (!(await k.selectFrom('courses').select('id').where('id', '=', row.course_id).executeTakeFirst()))
        errors[`rows.${i}.course_id`] = ['O curso selecionado não existe.'];
      else if (!coursesOfGrids.has(row.grid_id)) coursesOfGrids.set(row.grid_id, row.course_id);
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
        // A grid without a course takes its rows' (histories, contracts and reports print a team's course from it).
        for (const [gridId, courseId] of coursesOfGrids)
          await trx
            .updateTable('grids')
            .set({ course_id: courseId })
            .where('id', '=', gridId)
            .where('course_id', 'is', null)
            .execute();
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
    // Found by the course's name from now on, as a grid saved with it is.
    const grids = resources.find((r) => r.name === 'grids');
    if (grids && coursesOfGrids.size)
      await new ResourceRepository(db, grids, resources).reindex([...coursesOfGrids.keys()]);
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
        // A grid may have no course yet (registered without one).
        .leftJoin('courses as c', 'c.id', 'g.course_id')
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
  routes: (app, { db, resources }) => registerGridRoutes(app, db, resources),
  dependents: {
    grids: [{ ...gridRow, foreignKey: 'grid_id' }],
    courses: [{ ...gridRow, foreignKey: 'course_id' }],
    disciplines: [{ ...gridRow, foreignKey: 'discipline_id' }],
    stages: [{ ...gridRow, foreignKey: 'stage_id' }],
  },
};
