import { withinEnrolment } from '../../resources/registrations';

/** A lesson as the totals read it. */
export interface GivenLesson {
  id: number;
  date: string;
  periods: number;
}

/** One enrolment's absences in one lesson (no row: present). */
export interface Absence {
  lesson_id: number;
  absences: number;
  justified: boolean;
}

export interface AttendanceTotals {
  /** Periods given while the student was enrolled. */
  periods: number;
  /** Every period missed, justified or not. */
  absences: number;
  /** Periods missed with a justification (atestado). */
  justified: number;
  /** Percent with one decimal; null when no period was given (no division by zero). */
  frequency: number | null;
}

/**
 * The days an enrolment counts (issue 37): from its `enrolled_on` to its `left_on`, both included, or on while it has
 * none. Lessons outside them are not the student's (neither given nor missed).
 */
export interface EnrolmentSpan {
  since: string;
  until: string | null;
}

/**
 * Frequency = 1 − counted absences ÷ periods given, in integers to the end: tenths of a percent rounded half up
 * once (2 absences in 3 periods is 33.3 %, never an accumulation of rounded steps).
 */
export function frequencyOf(periods: number, counted: number): number | null {
  if (periods <= 0) return null;
  const numerator = 1000 * (periods - counted);
  return Math.floor((2 * numerator + periods) / (2 * periods)) / 10;
}

/** The totals of one enrolment over some lessons, counting justified absences or not as the school decides. */
export function totalsOf(
  lessons: GivenLesson[],
  absences: Absence[],
  span: EnrolmentSpan,
  countJustified: boolean,
): AttendanceTotals {
  const own = new Map(lessons.filter((l) => withinEnrolment(span, l.date)).map((l) => [l.id, l]));
  let periods = 0;
  for (const lesson of own.values()) periods += lesson.periods;
  let missed = 0;
  let justified = 0;
  for (const a of absences) {
    if (!own.has(a.lesson_id)) continue;
    missed += a.absences;
    if (a.justified) justified += a.absences;
  }
  const counted = countJustified ? missed : missed - justified;
  return { periods, absences: missed, justified, frequency: frequencyOf(periods, counted) };
}
