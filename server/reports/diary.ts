import { formatDate } from '../../resources/format';
import { withinEnrolment } from '../../resources/registrations';
import { workloadText } from '../../resources/workload';
import type { Db } from '../db/connection';
import { validationError } from '../http/errors';
import { totalsOf, type Absence, type AttendanceTotals, type EnrolmentSpan } from '../lessons/frequency';
import { absencesOf, enrolments, teamLessons, type Enrolment, type Lesson } from '../lessons/queries';
import { loadSettings } from '../school/routes';
import { teamWorkload } from '../school-year/workload';
import { teamTeachers } from '../teams/teachers-queries';
import type { ReportParams } from './builder';
import { gridOf } from './grades';
import { teamOrFail, type ReportTeam } from './queries';

/** One discipline of the diary: its lessons (by date) and, per student, a mark per lesson and the totals. */
export interface DiaryDiscipline {
  id: number;
  name: string;
  workload: number;
  teachers: string[];
  lessons: Lesson[];
  students: { number: number; name: string; marks: string[]; totals: AttendanceTotals }[];
}

export interface Diary {
  team: ReportTeam;
  /** The stage number asked for, if any. */
  stage: number | undefined;
  minimum: number;
  countJustified: boolean;
  disciplines: DiaryDiscipline[];
  /** The team's LDB line (server/school-year/workload.ts), printed under the title. */
  workload: string;
  /** Every lesson printed, by date then discipline: the "Conteúdo ministrado" list. */
  contents: { date: string; discipline: string; stage: number; periods: number; content: string }[];
}

/** How the diary explains its marks (on every sheet and page with a grid). */
export const MARKS_LEGEND =
  'Em cada aula: data e nº de períodos. F = falta; número = períodos perdidos; J = falta justificada; ' +
  '— = fora do período da matrícula (antes da data da matrícula ou depois da saída).';

/**
 * What a student's cell of one lesson says: blank when present, "—" outside the enrolment (before its day or after
 * the exit: not absent), "F" for a missed one-period lesson, else the periods missed; "J" (or "2J") when justified.
 */
export function markOf(lesson: Lesson, span: EnrolmentSpan, absence: Absence | undefined): string {
  if (!withinEnrolment(span, lesson.date)) return '—';
  if (!absence || absence.absences === 0) return '';
  if (lesson.periods === 1) return absence.justified ? 'J' : 'F';
  return `${absence.absences}${absence.justified ? 'J' : ''}`;
}

export const lessonTitle = (lesson: Lesson) => `${formatDate(lesson.date).slice(0, 5)} (${lesson.periods})`;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * The real diary of a team (optionally one discipline, one stage number): every lesson read once, every
 * absence once; the totals and frequency come from server/lessons/frequency.ts, as the API's.
 */
export async function diaryOf(db: Db, params: ReportParams): Promise<Diary> {
  const team = await teamOrFail(db, Number(params.team_id));
  const disciplineId = params.discipline_id === undefined ? undefined : Number(params.discipline_id);
  const stage = params.stage === undefined ? undefined : Number(params.stage);
  const [grid, settings, teachers, workload] = await Promise.all([
    gridOf(db, team.grid_id),
    loadSettings(db),
    teamTeachers(db, team.id),
    teamWorkload(db, team.id),
  ]);
  const chosen = grid.list.filter((d) => disciplineId === undefined || d.discipline.id === disciplineId);
  if (disciplineId !== undefined && chosen.length === 0)
    throw validationError({ discipline_id: ['Escolha uma disciplina da grade desta turma.'] });
  if (stage !== undefined && !grid.stagesNumbers.includes(stage))
    throw validationError({ stage: [`Esta turma tem as etapas ${grid.stagesNumbers.join(', ')}.`] });
  const stageIds = new Set(
    chosen.flatMap((d) => d.stages.filter((s) => stage === undefined || s.stage === stage).map((s) => s.id)),
  );
  const stageNumber = new Map(grid.list.flatMap((d) => d.stages.map((s) => [s.id, s.stage] as const)));
  const lessons = (await teamLessons(db, [team.id], disciplineId === undefined ? {} : { discipline_id: disciplineId }))
    .filter((l) => stageIds.has(l.stage_id))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const [roll, absences] = await Promise.all([
    enrolments(db, { teamIds: [team.id] }),
    absencesOf(
      db,
      lessons.map((l) => l.id),
    ),
  ]);
  roll.sort((a, b) => collator.compare(a.student.name, b.student.name) || a.registration_id - b.registration_id);
  const countJustified = settings.justified_absences_count;

  const disciplines = chosen.map((d): DiaryDiscipline => {
    const own = lessons.filter((l) => l.discipline_id === d.discipline.id);
    return {
      id: d.discipline.id,
      name: d.discipline.name,
      workload: d.workload,
      teachers: teachers.filter((t) => t.discipline.id === d.discipline.id).map((t) => t.user.name),
      lessons: own,
      students: roll.map((e: Enrolment, i) => {
        const missed = absences.get(e.registration_id) ?? [];
        const byLesson = new Map(missed.map((a) => [a.lesson_id, a]));
        return {
          number: i + 1,
          name: e.student.name.toLocaleUpperCase('pt-BR'),
          marks: own.map((l) => markOf(l, e, byLesson.get(l.id))),
          totals: totalsOf(own, missed, e, countJustified),
        };
      }),
    };
  });
  const names = new Map(chosen.map((d) => [d.discipline.id, d.discipline.name]));
  return {
    team,
    stage,
    minimum: settings.minimum_attendance,
    countJustified,
    disciplines,
    workload: workload ? workloadText(workload) : '',
    contents: lessons
      .map((l) => ({
        date: l.date,
        discipline: names.get(l.discipline_id) ?? '',
        stage: stageNumber.get(l.stage_id) ?? 0,
        periods: l.periods,
        content: l.content,
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || collator.compare(a.discipline, b.discipline)),
  };
}

/** The lines under the title of each discipline's grid. */
export function diaryLines(diary: Diary, d: DiaryDiscipline | undefined): string[] {
  const { team } = diary;
  return [
    d ? `DISCIPLINA: ${d.name}    CARGA HORÁRIA: ${d.workload} h` : 'DISCIPLINA: —',
    `ANO: ${team.start_date.slice(0, 4)}    ETAPA: ${diary.stage === undefined ? 'todas' : `${diary.stage}ª`}`,
    `CURSO: ${team.course}    TURMA: ${team.name}`,
    `PROFESSOR(A): ${d?.teachers.length ? d.teachers.join(', ') : '—'}`,
    `Frequência mínima: ${diary.minimum}%    Faltas justificadas ${diary.countJustified ? 'contam' : 'não contam'} ` +
      'na frequência',
    ...(diary.workload ? [diary.workload] : []),
  ];
}
