import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Area, AreaContext } from '../area';
import { dynamic, type Db } from '../db/connection';
import { idParam as id, notFound, validationError } from '../http/errors';
import { asId } from '../http/ids';
import { settleWithin } from '../http/idempotency';
import { loadSettings } from '../school/routes';
import { totalsOf } from './frequency';
import { enrolments, teamAbsences, teamLessons, type LessonFilter } from './queries';
import { studentAttendance } from './student-attendance';
import { createLesson, deleteLesson, lessonInReach, rollOf, saveAttendance, updateLesson, type Asker } from './service';

const LESSON_CREATED = 'Aula registrada com sucesso!';

type Query = { discipline_id?: string; stage_id?: string };

const askerOf = (request: FastifyRequest): Asker => ({ userId: request.user?.id, teams: request.teams });

/** `?discipline_id=&stage_id=`: each optional, an id when given. */
function filterOf(query: Query): LessonFilter {
  const filter: LessonFilter = {};
  for (const key of ['discipline_id', 'stage_id'] as const) {
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    const value = asId(raw);
    if (value === undefined) throw validationError({ [key]: ['Filtro inválido: escolha da lista.'] });
    filter[key] = value;
  }
  return filter;
}

async function teamOr404(db: Db, raw: string): Promise<number> {
  const teamId = id(raw);
  if (!(await dynamic(db).selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst()))
    throw notFound('Turma não encontrada.');
  return teamId;
}

function registerLessonRoutes(app: FastifyInstance, { db }: AreaContext): void {
  const k = dynamic(db);
  const reachTeam = { access: 'teams.read', reach: { team: 'teams' } } as const;

  app.get<{ Params: { team: string }; Querystring: Query }>(
    '/teams/:team/lessons',
    { config: reachTeam },
    async (request) => ({
      data: await teamLessons(db, [await teamOr404(db, request.params.team)], filterOf(request.query)),
    }),
  );

  // The writes the offline outbox sends (src/lessons/outbox.ts) honour its Idempotency-Key (http/idempotency.ts).
  const write = { access: 'grades.write', idempotent: true } as const;

  app.post('/lessons', { config: write }, async (request, reply) => {
    // Its answer is kept in the lesson's own transaction: a replay finds it even after a crash right after.
    const data = await createLesson(db, request.body, askerOf(request), (trx, lesson) =>
      settleWithin(request, trx, 201, { data: lesson, message: LESSON_CREATED }),
    );
    return reply.code(201).send({ data, message: LESSON_CREATED });
  });

  app.put<{ Params: { id: string } }>('/lessons/:id', { config: write }, async (request) => ({
    data: await updateLesson(db, id(request.params.id), request.body, askerOf(request)),
    message: 'Aula salva com sucesso!',
  }));

  app.delete<{ Params: { id: string } }>('/lessons/:id', { config: write }, async (request) => {
    await deleteLesson(db, id(request.params.id), askerOf(request));
    return { message: 'Aula excluída com sucesso!' };
  });

  app.get<{ Params: { id: string } }>(
    '/lessons/:id/attendance',
    { config: { access: 'teams.read' } },
    async (request) => {
      const lesson = await lessonInReach(db, id(request.params.id), askerOf(request));
      const marked = await k
        .selectFrom('attendance')
        .select(['registration_id', 'absences', 'justified', 'reason'])
        .where('lesson_id', '=', lesson.id)
        .execute();
      const byRegistration = new Map(marked.map((m) => [Number(m.registration_id), m]));
      const roll = await rollOf(db, lesson);
      return {
        lesson,
        attendance: roll.map((e) => {
          const m = byRegistration.get(e.registration_id);
          return {
            registration_id: e.registration_id,
            number: e.number,
            student: { id: e.student.id, name: e.student.name, has_photo: e.student.has_photo },
            absences: m ? Number(m.absences) : 0,
            justified: m ? Number(m.justified) === 1 : false,
            reason: m?.reason == null ? null : String(m.reason),
          };
        }),
      };
    },
  );

  app.put<{ Params: { id: string } }>('/lessons/:id/attendance', { config: write }, async (request) => {
    await saveAttendance(db, id(request.params.id), request.body, askerOf(request));
    return { message: 'Chamada salva com sucesso!' };
  });

  app.get<{ Params: { team: string }; Querystring: Query }>(
    '/teams/:team/attendance',
    { config: reachTeam },
    async (request) => {
      const teamId = id(request.params.team);
      const filter = filterOf(request.query);
      const [, lessons, absences, settings, roll] = await Promise.all([
        teamOr404(db, request.params.team),
        teamLessons(db, [teamId], filter),
        teamAbsences(db, [teamId], filter),
        loadSettings(db),
        enrolments(db, { teamIds: [teamId] }),
      ]);
      const countJustified = settings.justified_absences_count;
      return {
        data: roll.map((e) => ({
          registration_id: e.registration_id,
          number: e.number,
          student: { id: e.student.id, name: e.student.name },
          ...totalsOf(lessons, absences.get(e.registration_id) ?? [], e, countJustified),
        })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/students/:id/attendance',
    { config: { access: 'students.read', reach: { id: 'students' } } },
    async (request) => {
      const studentId = id(request.params.id);
      if (!(await k.selectFrom('students').select('id').where('id', '=', studentId).executeTakeFirst()))
        throw notFound('Aluno não encontrado.');
      return studentAttendance(db, studentId, request.teams);
    },
  );
}

const lessonOf = { table: 'lessons', singular: 'aula registrada', plural: 'aulas registradas' };

/** The class diary (issue 25): lessons given, their roll calls and each enrolment's frequency. */
export const lessonsArea: Area = {
  routes: registerLessonRoutes,
  dependents: {
    teams: [{ ...lessonOf, foreignKey: 'team_id' }],
    disciplines: [{ ...lessonOf, foreignKey: 'discipline_id' }],
    stages: [{ ...lessonOf, foreignKey: 'stage_id' }],
  },
};
