import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dynamic, type Db } from '../db/connection';
import { isUniqueViolation } from '../db/errors';
import { idParam as id, notFound, parseOr422, validationError } from '../http/errors';
import { idSchema } from '../http/ids';

const enrolSchema = z.object({
  student_id: idSchema('Selecione o aluno.'),
  team_id: idSchema('Selecione a turma.'),
});

/** A team's disciplines, enrolled students and grades, and enrolling a student. */
export function registerTeamRoutes(app: FastifyInstance, db: Db): void {
  const k = dynamic(db);

  async function teamOr404(teamId: number) {
    const team = await k.selectFrom('teams').selectAll().where('id', '=', teamId).executeTakeFirst();
    if (!team) throw notFound('Turma não encontrada.');
    return team;
  }

  app.get<{ Params: { id: string } }>('/teams/:id/disciplines', async (request) => {
    const team = await teamOr404(id(request.params.id));
    const rows = await k
      .selectFrom('grid_templates as t')
      .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
      .select(['d.id', 'd.name', 'd.amount_of_reviews', 'd.workload'])
      .where('t.grid_id', '=', team.grid_id)
      .groupBy(['d.id', 'd.name', 'd.amount_of_reviews', 'd.workload'])
      .orderBy('d.name')
      .execute();
    return { data: rows.map((r) => ({ ...r, id: Number(r.id) })) };
  });

  app.get<{ Params: { id: string } }>('/teams/:id/students', async (request) => {
    const team = await teamOr404(id(request.params.id));
    const registrations = await k
      .selectFrom('registrations as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .select(['r.id', 'r.student_id', 'r.team_id', 'r.created_at', 's.name as student_name'])
      .where('r.team_id', '=', team.id)
      .orderBy('s.name')
      .execute();
    return {
      name: team.name,
      start_date: team.start_date,
      end_date: team.end_date,
      registrations: registrations.map((r) => ({
        id: Number(r.id),
        team_id: Number(r.team_id),
        created_at: r.created_at,
        student: { id: Number(r.student_id), name: r.student_name },
      })),
    };
  });

  app.get<{ Params: { id: string } }>('/teams/:id/grades', async (request) => {
    const team = await teamOr404(id(request.params.id));
    const rows = await k
      .selectFrom('grades')
      .select(['id', 'student_id', 'stage_id', 'discipline_id', 'team_id', 'grade'])
      .where('team_id', '=', team.id)
      .orderBy('id')
      .execute();
    // Stored in tenths so that 7.5 is exact; the contract speaks of the grade itself.
    return { data: rows.map((r) => ({ ...r, grade: Number(r.grade) / 10 })) };
  });

  app.post('/teams/register-student', async (request, reply) => {
    const { student_id, team_id } = parseOr422(enrolSchema, request.body);
    const errors: Record<string, string[]> = {};
    if (!(await k.selectFrom('students').select('id').where('id', '=', student_id).executeTakeFirst())) errors.student_id = ['O aluno selecionado não existe.'];
    if (!(await k.selectFrom('teams').select('id').where('id', '=', team_id).executeTakeFirst())) errors.team_id = ['A turma selecionada não existe.'];
    if (Object.keys(errors).length) throw validationError(errors);
    const already = 'Este aluno já está matriculado nesta turma.';
    if (await k.selectFrom('registrations').select('id').where('student_id', '=', student_id).where('team_id', '=', team_id).executeTakeFirst()) {
      throw validationError({ team_id: [already] });
    }
    const now = new Date().toISOString();
    try {
      const row = await k
        .insertInto('registrations')
        .values({ student_id, team_id, user_id: request.user?.id ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.status(201);
      return { data: { id: Number(row.id), student_id, team_id }, message: 'Aluno matriculado com sucesso!' };
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ team_id: [already] });
      throw error;
    }
  });
}
