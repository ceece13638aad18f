/** What every result (annual performance, report card, history, completion statement, portal, ata) may say. */
export type Verdict =
  | ''
  | 'EM CURSO'
  | 'APROVADO'
  | 'REPROVADO'
  | 'REPROVADO POR FALTA'
  | 'EM RECUPERAÇÃO'
  | 'APROVADO APÓS RECUPERAÇÃO'
  | 'APROVADO PELO CONSELHO';

export const FAILED_BY_ATTENDANCE: Verdict = 'REPROVADO POR FALTA';

/** The verdicts that fail a discipline once the year is over (a make-up still open is not one yet). */
export const FAILING_VERDICTS: ReadonlySet<Verdict> = new Set<Verdict>(['REPROVADO', FAILED_BY_ATTENDANCE]);

/**
 * How the final make-up (recuperação final) counts, a school setting: `none` (no final make-up: under the
 * average fails at once, the behaviour before issue 38), `capped` (the make-up replaces the average when higher,
 * but never above the passing average) or `grade` (it replaces it up to the make-up grade itself).
 */
export type MakeupRule = 'none' | 'capped' | 'grade';

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
  /** The school's make-up rule; absent: `none`. */
  makeupRule?: MakeupRule;
  /** The make-up grade in tenths; null or absent: none recorded. */
  makeup?: number | null;
  /** Whether a make-up may still be entered (the team is not closed). */
  makeupOpen?: boolean;
  /** Whether the class council approved the student in this discipline (recorded with who, when and why). */
  council?: boolean;
}

/** The grade the discipline ends with: the average, or the make-up where the school's rule lets it replace it. */
export function finalOf(s: Pick<Standing, 'average' | 'passing' | 'makeup' | 'makeupRule'>): number | null {
  if (s.average === null) return null;
  const rule = s.makeupRule ?? 'none';
  if (rule === 'none' || s.makeup === null || s.makeup === undefined) return s.average;
  const counted = rule === 'capped' ? Math.min(s.makeup, s.passing) : s.makeup;
  return Math.max(s.average, counted);
}

/** Whether a make-up grade has a place: every stage graded, attendance met, the average under the passing one. */
export function needsMakeup(s: Standing): boolean {
  if ((s.makeupRule ?? 'none') === 'none' || s.average === null || s.graded < s.stages) return false;
  if (s.frequency !== null && s.frequency < s.minimum) return false;
  return s.average < s.passing;
}

/**
 * The result of one discipline (LDB art. 24: grades and attendance). Final only once every stage has its
 * grade; then a frequency under the minimum fails the student whatever the average or the council (the law's
 * 75%), and a discipline without recorded lessons is judged on the grades alone. Under the passing average,
 * a make-up recorded may save it (APROVADO APÓS RECUPERAÇÃO); none yet while the team is open is EM
 * RECUPERAÇÃO; and the class council may still approve a student the numbers fail (APROVADO PELO CONSELHO).
 */
export function verdictOf(s: Standing): Verdict {
  if (s.average === null) return '';
  if (s.graded < s.stages) return 'EM CURSO';
  if (s.frequency !== null && s.frequency < s.minimum) return FAILED_BY_ATTENDANCE;
  if (s.average >= s.passing) return 'APROVADO';
  const final = finalOf(s)!;
  if (final >= s.passing) return 'APROVADO APÓS RECUPERAÇÃO';
  if (s.council) return 'APROVADO PELO CONSELHO';
  const recorded = s.makeup !== null && s.makeup !== undefined;
  if (needsMakeup(s) && !recorded && s.makeupOpen) return 'EM RECUPERAÇÃO';
  return 'REPROVADO';
}

/** How the annual average is taken, a school setting: plain, or weighted by stage number (absent weight: 1). */
export interface AverageRule {
  mode: 'arithmetic' | 'weighted';
  /** Weight per stage number, for `weighted`. */
  weights: Record<number, number>;
}

export const ARITHMETIC: AverageRule = { mode: 'arithmetic', weights: {} };

/**
 * The annual average in tenths of the stages graded so far (`grades[i]` is the grade of stage `stages[i]`),
 * rounded to the tenth; null without grades.
 */
export function annualAverage(
  grades: (number | undefined)[],
  stages: number[],
  rule: AverageRule = ARITHMETIC,
): number | null {
  let sum = 0;
  let weights = 0;
  grades.forEach((g, i) => {
    if (g === undefined) return;
    const w = rule.mode === 'weighted' ? (rule.weights[stages[i]] ?? 1) : 1;
    sum += g * w;
    weights += w;
  });
  return weights > 0 ? Math.round(sum / weights) : null;
}

/** The student's overall result: the school allows failing in up to `allowed` disciplines (0 by default). */
export interface OverallRule {
  allowed: number;
  /** Whether the disciplines failed within the allowance are carried as dependência (LDB art. 24, III). */
  dependencia: boolean;
}

export interface Overall {
  verdict: Verdict;
  /** The disciplines carried in dependência into next year, where the school allows it. */
  dependencias: string[];
}

/**
 * The student's overall verdict from the verdicts of each discipline: still open (EM CURSO, EM RECUPERAÇÃO)
 * while any is; failed in more disciplines than the school allows → REPROVADO (by attendance when every failure
 * is by attendance); otherwise promoted (APROVADO), with the failed ones in dependência where the school allows it.
 */
export function overallOf(disciplines: { name: string; verdict: Verdict }[], rule: OverallRule): Overall {
  const verdicts = disciplines.map((d) => d.verdict);
  if (!verdicts.length || verdicts.every((v) => v === '')) return { verdict: '', dependencias: [] };
  const failed = disciplines.filter((d) => FAILING_VERDICTS.has(d.verdict));
  if (failed.length > rule.allowed)
    return {
      verdict: failed.every((d) => d.verdict === FAILED_BY_ATTENDANCE) ? FAILED_BY_ATTENDANCE : 'REPROVADO',
      dependencias: [],
    };
  if (verdicts.some((v) => v === '' || v === 'EM CURSO')) return { verdict: 'EM CURSO', dependencias: [] };
  if (verdicts.includes('EM RECUPERAÇÃO')) return { verdict: 'EM RECUPERAÇÃO', dependencias: [] };
  return { verdict: 'APROVADO', dependencias: rule.dependencia ? failed.map((d) => d.name) : [] };
}

/** A frequency as documents print it: "87,5%", or "—" when no lesson was recorded. */
export const frequencyText = (frequency: number | null): string =>
  frequency === null ? '—' : `${frequency.toFixed(1).replace('.', ',')}%`;
