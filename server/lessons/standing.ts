import type { Db } from '../db/connection';
import { loadSettings } from '../school/routes';
import { totalsOf, type AttendanceTotals, type GivenLesson } from './frequency';
import { enrolments, teamAbsences, teamLessons } from './queries';

/** What every result (annual performance, report card, history, completion statement) may say. */
export type Verdict = '' | 'EM CURSO' | 'APROVADO' | 'REPROVADO' | 'REPROVADO POR FALTA';

export const FAILED_BY_ATTENDANCE: Verdict = 'REPROVADO POR FALTA';

export interface Standing {
  /** Average in tenths, null without grades. */
  average: number | null;
  /** Stages with a grade, of `stages`. */
  graded: number;
  stages: number;
  /** The school's passing average in tenths. */
  passing: number;
  /** Percent with one decimal, null when no lesson was recorded (the school keeps it on paper). */
  frequency: number | null;
  /** The school's minimum attendance in percent (LDB art. 24, VI: 75). */
  minimum: number;
}

/**
 * The result of one discipline (LDB art. 24: grades and attendance). Final only once every stage has its
 * grade; then a frequency under the minimum fails the student whatever the average, and a discipline
 * without recorded lessons is judged on the grades alone.
 */
export function verdictOf(s: Standing): Verdict {
  if (s.average === null) return '';
  if (s.graded < s.stages) return 'EM CURSO';
  if (s.frequency !== null && s.frequency < s.minimum) return FAILED_BY_ATTENDANCE;
  return s.average >= s.passing ? 'APROVADO' : 'REPROVADO';
}

/** A frequency as documents print it: "87,5%", or "—" when no lesson was recorded. */
export const frequencyText = (frequency: number | null): string =>
  frequency === null ? '—' : `${frequency.toFixed(1).replace('.', ',')}%`;

export interface TeamAttendance {
  /** The school's minimum attendance in percent. */
  minimum: number;
  /** A student's totals in one discipline of the team (no lesson: zero periods, null frequency). */
  at(studentId: number, disciplineId: number): AttendanceTotals;
  /** A student's totals across every discipline of the team. */
  overall(studentId: number): AttendanceTotals;
}

const NONE: AttendanceTotals = { periods: 0, absences: 0, justified: 0, frequency: null };

/** Every lesson and absence of a team, read once (three queries), for the documents that print results. */
export async function teamAttendance(db: Db, teamId: number): Promise<TeamAttendance> {
  const [lessons, absences, roll, settings] = await Promise.all([
    teamLessons(db, [teamId], {}),
    teamAbsences(db, teamId, {}),
    enrolments(db, { teamIds: [teamId] }),
    loadSettings(db),
  ]);
  const byDiscipline = new Map<number, GivenLesson[]>();
  for (const lesson of lessons) {
    const list = byDiscipline.get(lesson.discipline_id) ?? [];
    list.push(lesson);
    byDiscipline.set(lesson.discipline_id, list);
  }
  const byStudent = new Map(roll.map((e) => [e.student.id, e]));
  const countJustified = settings.justified_absences_count;
  const totals = (studentId: number, given: GivenLesson[] | undefined): AttendanceTotals => {
    const enrolment = byStudent.get(studentId);
    if (!enrolment || !given) return NONE;
    return totalsOf(given, absences.get(enrolment.registration_id) ?? [], enrolment.since, countJustified);
  };
  return {
    minimum: settings.minimum_attendance,
    at: (studentId, disciplineId) => totals(studentId, byDiscipline.get(disciplineId)),
    overall: (studentId) => totals(studentId, lessons),
  };
}
