import type { FastifyInstance } from 'fastify';
import type { Area, AreaContext } from '../area';
import { dynamic } from '../db/connection';
import { idParam as id, notFound } from '../http/errors';
import { JSON_OR_FORM } from '../http/bodies';
import { GRADES_SAVED, gradeRow, gradesOfStudent, saveGrades } from './service';

function registerGradeRoutes(app: FastifyInstance, { db }: AreaContext): void {
  const k = dynamic(db);

  // The contract's client sends a multipart form (spec §7).
  app.post('/grades', { config: { access: 'grades.write', bodies: JSON_OR_FORM } }, async (request) => {
    // A user confined to their teams (a professor, reach.ts) grades only the disciplines they teach there.
    await saveGrades(db, request.body, request.user?.id, request.teams ? request.user?.id : undefined);
    return { message: GRADES_SAVED };
  });

  app.get<{ Params: { student: string } }>(
    '/grades/:student/get-grade-by-student',
    { config: { access: 'students.read', reach: { student: 'students' } } },
    async (request) => {
      const studentId = id(request.params.student);
      if (!(await k.selectFrom('students').select('id').where('id', '=', studentId).executeTakeFirst()))
        throw notFound('Aluno não encontrado.');
      // A plain list, as the original server answers it (outside front ends read the array itself).
      return gradesOfStudent(db, studentId, request.teams);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/teams/:id/grades',
    { config: { access: 'teams.read', reach: { id: 'teams' } } },
    async (request) => {
      const teamId = id(request.params.id);
      if (!(await k.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst()))
        throw notFound('Turma não encontrada.');
      const rows = await k
        .selectFrom('grades')
        .select(['id', 'student_id', 'stage_id', 'discipline_id', 'team_id', 'grade'])
        .where('team_id', '=', teamId)
        .orderBy('id')
        .execute();
      return rows.map(gradeRow);
    },
  );
}

const gradeOf = { table: 'grades', singular: 'nota lançada', plural: 'notas lançadas' };

/** Grade entry: a team's grade sheet saved at once, a student's grades; grades keep their references in use. */
export const gradesArea: Area = {
  routes: registerGradeRoutes,
  dependents: {
    teams: [{ ...gradeOf, foreignKey: 'team_id' }],
    disciplines: [{ ...gradeOf, foreignKey: 'discipline_id' }],
    stages: [{ ...gradeOf, foreignKey: 'stage_id' }],
  },
};
