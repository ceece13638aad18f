import type { Db } from '../db/connection';
import { loadSettings } from '../school/routes';
import { totalsOf, type AttendanceTotals, type GivenLesson } from './frequency';
import { enrolments, teamAbsences, teamLessons } from './queries';

// The verdict is pure and shared with the admin's screens (the history's preview): it lives in resources/.
export { FAILED_BY_ATTENDANCE, frequencyText, verdictOf, type Standing, type Verdict } from '../../resources/standing';

/**
 * The absences a document prints as FALTAS: those the frequency counts (a justified absence the school
 * excuses is abonada, as in i-Educar), so that FALTAS and FREQUÊNCIA tell the same story; null without lessons.
 */
export const countedAbsences = (t: AttendanceTotals, countsJustified: boolean): number | null =>
  t.frequency === null ? null : countsJustified ? t.absences : t.absences - t.justified;

export interface TeamAttendance {
  /** The school's minimum attendance in percent. */
  minimum: number;
  /** Whether justified absences count against the frequency (the school's setting). */
  countsJustified: boolean;
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
    teamAbsences(db, [teamId], {}),
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
    return totalsOf(given, absences.get(enrolment.registration_id) ?? [], enrolment, countJustified);
  };
  return {
    minimum: settings.minimum_attendance,
    countsJustified: countJustified,
    at: (studentId, disciplineId) => totals(studentId, byDiscipline.get(disciplineId)),
    overall: (studentId) => totals(studentId, lessons),
  };
}
