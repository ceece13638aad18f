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
