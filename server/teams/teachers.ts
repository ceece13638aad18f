import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import type { TableDependent } from '../crud/hooks';
import { idParam as id, notFound, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';
import { isTeacherCandidate, teacherCandidates, teamDisciplines, teamTeachers } from './teachers-queries';

const assignmentSchema = z.object({
  user_id: idSchema('Selecione o professor.'),
  discipline_id: idSchema('Selecione a disciplina.'),
});

const DUPLICATE = 'Este professor já leciona esta disciplina nesta turma.';

/** Assignments keep their team, teacher and discipline in use: deleting one of them answers 409 naming them. */
const assignment = { table: 'team_teachers', singular: 'atribuição de professor', plural: 'atribuições de professor' };
export const teacherDependents: Record<string, TableDependent[]> = {
  teams: [{ ...assignment, foreignKey: 'team_id' }],
  users: [{ ...assignment, foreignKey: 'user_id' }],
  disciplines: [{ ...assignment, foreignKey: 'discipline_id' }],
};

/** A team's teachers (issue 24): who teaches which discipline of its grid; the PROFESSORES tab. */
export function registerTeacherRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  async function teamOr404(teamId: number): Promise<{ id: number; grid_id: number }> {
    const team = await k.selectFrom('teams').select(['id', 'grid_id']).where('id', '=', teamId).executeTakeFirst();
    if (!team) throw notFound('Turma não encontrada.');
    return { id: Number(team.id), grid_id: Number(team.grid_id) };
  }

  app.get<{ Params: { id: string } }>(
    '/teams/:id/teachers',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => teamTeachers(db, (await teamOr404(id(request.params.id))).id),
  );

  // The add form's select; under teams.write, since whoever assigns teachers may not be allowed the users screen.
  app.get<{ Params: { id: string } }>(
    '/teams/:id/teachers/candidates',
    { config: { access: 'teams.write', reach: { id: 'teams' } } },
    async (request) => {
      await teamOr404(id(request.params.id));
      return teacherCandidates(db);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/teams/:id/teachers',
    { config: { access: 'teams.write', reach: { id: 'teams' } } },
    async (request, reply) => {
      const team = await teamOr404(id(request.params.id));
      const body = parseOr422(assignmentSchema, request.body);
      const errors: Record<string, string[]> = {};
      const user = await k.selectFrom('users').select('id').where('id', '=', body.user_id).executeTakeFirst();
      if (!user) errors.user_id = ['O professor selecionado não existe.'];
      else if (!(await isTeacherCandidate(db, body.user_id)))
        errors.user_id = ['Este usuário não pode ser atribuído como professor.'];
      const discipline = await k
        .selectFrom('disciplines')
        .select('id')
        .where('id', '=', body.discipline_id)
        .executeTakeFirst();
      if (!discipline) errors.discipline_id = ['A disciplina selecionada não existe.'];
      else if (!(await teamDisciplines(db, team.grid_id)).some((d) => d.id === body.discipline_id))
        errors.discipline_id = ['A disciplina selecionada não faz parte da grade desta turma.'];
      if (Object.keys(errors).length) throw validationError(errors);

      const taken = await k
        .selectFrom('team_teachers')
        .select('id')
        .where('team_id', '=', team.id)
        .where('user_id', '=', body.user_id)
        .where('discipline_id', '=', body.discipline_id)
        .executeTakeFirst();
      if (taken) throw validationError({ discipline_id: [DUPLICATE] });
      let row: { id: unknown };
      try {
        row = await inTransaction(db, async (tx) => {
          const created = await dynamic(tx)
            .insertInto('team_teachers')
            .values({
              team_id: team.id,
              user_id: body.user_id,
              discipline_id: body.discipline_id,
              created_by: request.user?.id ?? null,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(tx, {
            userId: request.user?.id,
            entity: 'team_teachers',
            entityId: Number(created.id),
            action: 'create',
            changes: { team_id: team.id, user_id: body.user_id, discipline_id: body.discipline_id },
          });
          return created;
        });
      } catch (error) {
        // Two offices pressing ADICIONAR at once: the second meets the unique constraint.
        if (isUniqueViolation(error)) throw validationError({ discipline_id: [DUPLICATE] });
        throw error;
      }
      reply.status(201);
      return {
        data: (await teamTeachers(db, team.id)).find((a) => a.id === Number(row.id)),
        message: 'Professor atribuído à turma com sucesso!',
      };
    },
  );

  app.delete<{ Params: { id: string; assignment: string } }>(
    '/teams/:id/teachers/:assignment',
    { config: { access: 'teams.write', reach: { id: 'teams' } } },
    async (request) => {
      const team = await teamOr404(id(request.params.id));
      const assignmentId = id(request.params.assignment);
      // An assignment of another team is out of reach from this one: not found, as a wrong id is.
      const stored = await k
        .selectFrom('team_teachers')
        .select(['id', 'team_id', 'user_id', 'discipline_id'])
        .where('id', '=', assignmentId)
        .where('team_id', '=', team.id)
        .executeTakeFirst();
      if (!stored) throw notFound('Atribuição de professor não encontrada nesta turma.');
      await inTransaction(db, async (tx) => {
        await dynamic(tx).deleteFrom('team_teachers').where('id', '=', assignmentId).execute();
        await audit(tx, {
          userId: request.user?.id,
          entity: 'team_teachers',
          entityId: assignmentId,
          action: 'delete',
          changes: { team_id: team.id, user_id: Number(stored.user_id), discipline_id: Number(stored.discipline_id) },
        });
      });
      return { message: 'Professor removido da turma com sucesso!' };
    },
  );
}
