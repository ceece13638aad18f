import { z } from 'zod';
import { dateInRange, parseDate, schoolDayOf } from '../../resources/format';
import { withinEnrolment } from '../../resources/registrations';
import { dynamic, type Db } from '../db/connection';
import { ApiError, notFound, parseOr422, validationError } from '../http/errors';
import { ErrorList } from '../http/error-list';
import { idSchema } from '../http/ids';
import { refuseIfClosed } from '../results/closing';
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

/** The database inside a transaction of it. */
type Trx = ReturnType<typeof dynamic>;

/**
 * `within`: run in the lesson's own transaction once it is written (the idempotent answer, stored with it so a
 * lost answer's replay never creates it twice).
 */
export async function createLesson(
  db: Db,
  body: unknown,
  asker: Asker,
  within?: (trx: Trx, lesson: Lesson) => Promise<void>,
): Promise<Lesson> {
  const input = await checkedLesson(db, body, asker);
  const now = new Date().toISOString();
  return dynamic(db)
    .transaction()
    .execute(async (trx) => {
      await refuseIfClosed({ ...db, kysely: trx as unknown as Db['kysely'] }, [input.team_id]);
      const row = await trx
        .insertInto('lessons')
        .values({ ...input, created_by: asker.userId ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const lesson = (await findLesson({ ...db, kysely: trx as unknown as Db['kysely'] }, Number(row.id)))!;
      await within?.(trx, lesson);
      return lesson;
    });
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
  await refuseIfClosed(db, [lesson.team_id]);
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
  await refuseIfClosed(db, [lesson.team_id]);
  // Its attendance goes with it (foreign key on delete cascade, on in both databases).
  await dynamic(db).deleteFrom('lessons').where('id', '=', lessonId).execute();
}

/**
 * Who is on a lesson's roll call: the students enrolled on its day (from `enrolled_on` to `left_on`), so that a lesson
 * given before the office typed the enrolment is recorded later with them. A student no longer active without an exit
 * day (trancado, or one who left before the exit days existed) is off every roll call, as before.
 */
const onRoll = (all: Enrolment[], lesson: Lesson) =>
  all.filter((e) => withinEnrolment(e, lesson.date) && (e.until !== null || (e.student.status ?? 'Ativo') === 'Ativo'));

/** The roll call of a lesson. */
export async function rollOf(db: Db, lesson: Lesson): Promise<Enrolment[]> {
  return onRoll(await enrolments(db, { teamIds: [lesson.team_id] }), lesson);
}

const ABSENCES = (periods: number) => `As faltas devem ser um número inteiro de 0 a ${periods}.`;
const students = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'aluno' : 'alunos'}`;

type Marked = { absences: number; justified: boolean; reason: string | null };

/** Each entry of a roll call checked, without a query: a student of the roll, once, with absences in range. */
function checkedRoll(list: unknown[], roll: Set<number>, periods: number): Map<number, Marked> {
  const errors = new ErrorList();
  const rows = new Map<number, Marked>();
  list.forEach((raw: unknown, i) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const fail = (field: string, message: string) => errors.add(`attendance.${i}.${field}`, message);
    const registration = item.registration_id;
    if (typeof registration !== 'number' || !roll.has(registration))
      return fail('registration_id', 'Este aluno não está na chamada desta turma nesta data.');
    const absences = item.absences ?? 0;
    if (typeof absences !== 'number' || !Number.isInteger(absences) || absences < 0 || absences > periods)
      return fail('absences', ABSENCES(periods));
    if (item.justified !== undefined && typeof item.justified !== 'boolean')
      return fail('justified', 'Informe sim ou não para a falta justificada.');
    const reason = item.reason == null ? '' : item.reason;
    if (typeof reason !== 'string' || reason.length > 500)
      return fail('reason', 'O motivo pode ter no máximo 500 caracteres.');
    if (rows.has(registration)) return fail('registration_id', 'Este aluno aparece duas vezes na chamada.');
    rows.set(registration, { absences, justified: item.justified === true, reason: reason.trim() || null });
  });
  if (!errors.empty) throw errors.toError();
  return rows;
}

/**
 * The whole roll call replaced: a row per absent or justified student; everyone else is present. The list has
 * at most one entry per enrolment of the team (a longer one is refused before any entry is looked at), and two
 * saves of one roll call at once take turns: the second replaces the first's rows instead of colliding.
 */
export async function saveAttendance(db: Db, lessonId: number, body: unknown, asker: Asker): Promise<void> {
  const lesson = await lessonInReach(db, lessonId, asker);
  await refuseUntaught(db, asker, lesson.team_id, lesson.discipline_id);
  const list = (body as { attendance?: unknown } | null)?.attendance;
  if (!Array.isArray(list)) throw validationError({ attendance: ['Envie a chamada como uma lista de alunos.'] });
  const enrolled = await enrolments(db, { teamIds: [lesson.team_id] });
  // No more entries than the team has enrolments: a longer list is refused whole, before any entry is checked.
  if (list.length > enrolled.length)
    throw validationError({
      attendance: [
        `A chamada desta turma tem no máximo ${students(enrolled.length)}: foram enviados ${list.length.toLocaleString('pt-BR')}.`,
      ],
    });
  const roll = new Set(onRoll(enrolled, lesson).map((e) => e.registration_id));
  const rows = checkedRoll(list, roll, lesson.periods);
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
  await dynamic(db)
    .transaction()
    .execute(async (t) => {
      // The lesson's row is the roll call's lock: on PostgreSQL a second save waits here until the first
      // commits, and its delete then sees (and replaces) the first's rows. SQLite runs one transaction at a
      // time. Removed meanwhile, the lesson is not found rather than a foreign-key failure.
      let still = t.selectFrom('lessons').select('id').where('id', '=', lessonId);
      if (db.dialect === 'postgres') still = still.forUpdate();
      if (!(await still.executeTakeFirst())) throw notFound(LESSON_NOT_FOUND);
      await refuseIfClosed({ ...db, kysely: t as unknown as Db['kysely'] }, [lesson.team_id]);
      await t.deleteFrom('attendance').where('lesson_id', '=', lessonId).execute();
      for (let i = 0; i < values.length; i += 200)
        await t
          .insertInto('attendance')
          .values(values.slice(i, i + 200))
          .execute();
    });
}
