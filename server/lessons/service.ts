import { z } from 'zod';
import { dateInRange, parseDate, schoolDayOf } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { ApiError, notFound, parseOr422, validationError, type FieldErrors } from '../http/errors';
import { idSchema } from '../http/ids';
import { disciplinesTaughtBy } from '../teams/teachers-queries';
import { enrolments, findLesson, type Enrolment, type Lesson } from './queries';

export const LESSON_NOT_FOUND = 'Aula não encontrada.';
export const NOT_YOUR_DISCIPLINE = 'Você não tem permissão para registrar aulas desta disciplina.';
const PERIODS = 'Informe o número de aulas: um número inteiro de 1 a 6.';

/** Who asks: a professor is confined to `teams` (reach.ts) and writes only for the disciplines they teach. */
export interface Asker {
  userId?: number;
  teams?: number[];
}

/** Whether a lesson's day is after the school's today (São Paulo): 23:30 local is still today. */
export const isFutureDay = (day: string, now: Date = new Date()) => day > schoolDayOf(now);

const lessonSchema = z.object({
  team_id: idSchema('Escolha a turma.'),
  discipline_id: idSchema('Escolha a disciplina.'),
  stage_id: idSchema('Escolha a etapa.'),
  date: z.unknown().transform((raw, ctx) => {
    const day = parseDate(raw);
    if (day && dateInRange(day) && !isFutureDay(day)) return day;
    ctx.addIssue({
      code: 'custom',
      message: day && dateInRange(day) ? 'A data da aula não pode ser futura.' : 'Informe a data da aula (dd/mm/aaaa).',
    });
    return z.NEVER;
  }),
  periods: z.number({ error: PERIODS }).int(PERIODS).min(1, PERIODS).max(6, PERIODS),
  content: z
    .string({ error: 'Informe o conteúdo ministrado.' })
    .trim()
    .min(1, 'Informe o conteúdo ministrado.')
    .max(5000, 'O conteúdo ministrado pode ter no máximo 5000 caracteres.'),
});
type LessonInput = z.infer<typeof lessonSchema>;

/** A lesson the asker may see: out of a professor's teams, it does not exist for them. */
export async function lessonInReach(db: Db, lessonId: number, asker: Asker): Promise<Lesson> {
  const lesson = await findLesson(db, lessonId);
  if (!lesson || (asker.teams && !asker.teams.includes(lesson.team_id))) throw notFound(LESSON_NOT_FOUND);
  return lesson;
}

async function refuseUntaught(db: Db, asker: Asker, teamId: number, disciplineId: number): Promise<void> {
  if (!asker.teams || asker.userId === undefined) return;
  if (!(await disciplinesTaughtBy(db, asker.userId, teamId)).includes(disciplineId))
    throw new ApiError(403, NOT_YOUR_DISCIPLINE);
}

/** The body checked: a team in reach, a discipline and stage of its grid, one the asker teaches. */
async function checkedLesson(db: Db, body: unknown, asker: Asker): Promise<LessonInput> {
  const input = parseOr422(lessonSchema, body);
  const k = dynamic(db);
  // A professor's team out of reach is not found, whether it exists or not (as on every route naming a team).
  if (asker.teams && !asker.teams.includes(input.team_id)) throw notFound('Turma não encontrada.');
  const team = await k.selectFrom('teams').select('grid_id').where('id', '=', input.team_id).executeTakeFirst();
  if (!team) throw validationError({ team_id: ['Turma não encontrada.'] });
  await refuseUntaught(db, asker, input.team_id, input.discipline_id);
  // Stages have no dates (only their order), so a lesson's date is not checked against its stage.
  const slot = await k
    .selectFrom('grid_templates')
    .select('id')
    .where('grid_id', '=', team.grid_id)
    .where('discipline_id', '=', input.discipline_id)
    .where('stage_id', '=', input.stage_id)
    .executeTakeFirst();
  if (!slot) throw validationError({ discipline_id: ['Esta disciplina não faz parte da grade da turma nesta etapa.'] });
  return input;
}

export async function createLesson(db: Db, body: unknown, asker: Asker): Promise<Lesson> {
  const input = await checkedLesson(db, body, asker);
  const now = new Date().toISOString();
  const row = await dynamic(db)
    .insertInto('lessons')
    .values({ ...input, created_by: asker.userId ?? null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findLesson(db, Number(row.id)))!;
}

export async function updateLesson(db: Db, lessonId: number, body: unknown, asker: Asker): Promise<Lesson> {
  const lesson = await lessonInReach(db, lessonId, asker);
  await refuseUntaught(db, asker, lesson.team_id, lesson.discipline_id);
  const input = await checkedLesson(db, body, asker);
  // Its roll call is of its team's enrolments: moved to another team, it would hold strangers' absences.
  if (input.team_id !== lesson.team_id)
    throw validationError({
      team_id: ['A turma de uma aula não muda: exclua esta aula e registre-a na outra turma.'],
    });
  const k = dynamic(db);
  const most = await k
    .selectFrom('attendance')
    .select((eb) => eb.fn.max('absences').as('most'))
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
  if (Number(most?.most ?? 0) > input.periods)
    throw validationError({
      periods: [`Há aluno com ${Number(most?.most)} faltas nesta aula: corrija a chamada antes de reduzir as aulas.`],
    });
  await k
    .updateTable('lessons')
    .set({ ...input, updated_at: new Date().toISOString() })
    .where('id', '=', lessonId)
    .execute();
  return (await findLesson(db, lessonId))!;
}

export async function deleteLesson(db: Db, lessonId: number, asker: Asker): Promise<void> {
  const lesson = await lessonInReach(db, lessonId, asker);
  await refuseUntaught(db, asker, lesson.team_id, lesson.discipline_id);
  // Its attendance goes with it (foreign key on delete cascade, on in both databases).
  await dynamic(db).deleteFrom('lessons').where('id', '=', lessonId).execute();
}

/** The roll call of a lesson: active students enrolled on or before its day (a later one was not there). */
export async function rollOf(db: Db, lesson: Lesson): Promise<Enrolment[]> {
  const all = await enrolments(db, { teamIds: [lesson.team_id] });
  return all.filter((e) => (e.student.status ?? 'Ativo') === 'Ativo' && e.since <= lesson.date);
}

const ABSENCES = (periods: number) => `As faltas devem ser um número inteiro de 0 a ${periods}.`;

/** The whole roll call replaced: a row per absent or justified student; everyone else is present. */
export async function saveAttendance(db: Db, lessonId: number, body: unknown, asker: Asker): Promise<void> {
  const lesson = await lessonInReach(db, lessonId, asker);
  await refuseUntaught(db, asker, lesson.team_id, lesson.discipline_id);
  const list = (body as { attendance?: unknown } | null)?.attendance;
  if (!Array.isArray(list)) throw validationError({ attendance: ['Envie a chamada como uma lista de alunos.'] });
  const roll = new Set((await rollOf(db, lesson)).map((e) => e.registration_id));
  const errors: FieldErrors = {};
  const rows = new Map<number, { absences: number; justified: boolean; reason: string | null }>();
  list.forEach((raw: unknown, i) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const fail = (field: string, message: string) => (errors[`attendance.${i}.${field}`] ??= []).push(message);
    const registration = item.registration_id;
    if (typeof registration !== 'number' || !roll.has(registration))
      return fail('registration_id', 'Este aluno não está na chamada desta turma nesta data.');
    const absences = item.absences ?? 0;
    if (typeof absences !== 'number' || !Number.isInteger(absences) || absences < 0 || absences > lesson.periods)
      return fail('absences', ABSENCES(lesson.periods));
    if (item.justified !== undefined && typeof item.justified !== 'boolean')
      return fail('justified', 'Informe sim ou não para a falta justificada.');
    const reason = item.reason == null ? '' : item.reason;
    if (typeof reason !== 'string' || reason.length > 500)
      return fail('reason', 'O motivo pode ter no máximo 500 caracteres.');
    if (rows.has(registration)) return fail('registration_id', 'Este aluno aparece duas vezes na chamada.');
    rows.set(registration, { absences, justified: item.justified === true, reason: reason.trim() || null });
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const now = new Date().toISOString();
  const values = [...rows]
    .filter(([, r]) => r.absences > 0 || r.justified)
    .map(([registration_id, r]) => ({
      lesson_id: lessonId,
      registration_id,
      absences: r.absences,
      justified: r.justified ? 1 : 0,
      reason: r.reason,
      created_at: now,
      updated_at: now,
    }));
  await db.kysely.transaction().execute(async (trx) => {
    const t = trx as unknown as ReturnType<typeof dynamic>;
    await t.deleteFrom('attendance').where('lesson_id', '=', lessonId).execute();
    for (let i = 0; i < values.length; i += 200)
      await t
        .insertInto('attendance')
        .values(values.slice(i, i + 200))
        .execute();
  });
}
