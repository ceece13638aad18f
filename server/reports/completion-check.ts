import { formatDate, schoolDayOf } from '../../resources/format';
import type { Db } from '../db/connection';
import { frequencyText, teamAttendance } from '../lessons/standing';
import { teamOutcomes } from '../results/outcomes';
import type { ReportCheck } from './builder';
import { gridOf, teamGrades } from './grades';
import type { ReportTeam } from './queries';

export interface CompletionReview {
  /** Why the statement cannot be issued at all: failed by attendance (LDB art. 24, VI). Null otherwise. */
  refusal: string | null;
  /** What the person must confirm first: the course still running, grades missing or under the average. */
  doubts: string[];
}

const list = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;

/** Why a student failed by attendance gets no completion statement, naming each discipline with its frequency. */
export function attendanceRefusal(absent: { name: string; frequency: number }[], minimum: number): string | null {
  if (!absent.length) return null;
  if (absent.length === 1)
    return `O aluno foi reprovado por falta em ${absent[0].name} (${frequencyText(absent[0].frequency)}, mínimo ${minimum}%).`;
  const each = absent.map((a) => `${a.name} (${frequencyText(a.frequency)})`);
  return `O aluno foi reprovado por falta em ${list(each)}, mínimo ${minimum}%.`;
}

/**
 * Whether a completion statement would state something not true. A frequency under the school's minimum in
 * any discipline refuses it, even with grades still missing: no confirmation makes that student complete the
 * course. Otherwise the doubts (course running, disciplines without every stage's grade or judged REPROVADO
 * by verdictOf) ask for a confirmation; none, and the statement is issued without a word.
 */
export async function reviewCompletion(db: Db, studentId: number, team: ReportTeam, now: Date) {
  const [grid, grades, attendance, outcomes] = await Promise.all([
    gridOf(db, team.grid_id),
    teamGrades(db, team.id),
    teamAttendance(db, team.id),
    teamOutcomes(db, team.id),
  ]);
  const { minimum } = attendance;
  const doubts: string[] = [];
  if (team.end_date && team.end_date > schoolDayOf(now))
    doubts.push(`a turma só termina em ${formatDate(team.end_date)}`);
  const pending: string[] = [];
  const failing: string[] = [];
  const absent: { name: string; frequency: number }[] = [];
  for (const entry of grid.list) {
    const marks = entry.stages.map((s) => grades.at(studentId, entry.discipline.id, s.id));
    const graded = marks.filter((m) => m !== undefined).length;
    const { frequency } = attendance.at(studentId, entry.discipline.id);
    if (frequency !== null && frequency < minimum) absent.push({ name: entry.discipline.name, frequency });
    const numbers = { grades: marks, stages: entry.stages.map((s) => s.stage), gridStages: marks.length };
    const { verdict } = outcomes.outcome(studentId, entry.discipline.id, numbers, { frequency, minimum });
    if (verdict === 'REPROVADO' || verdict === 'EM RECUPERAÇÃO') failing.push(entry.discipline.name);
    else if (graded < marks.length) pending.push(entry.discipline.name);
  }
  if (failing.length) doubts.push(`o aluno está abaixo da média em ${failing.join(', ')}`);
  if (pending.length) doubts.push(`faltam notas em ${pending.join(', ')}`);
  const refusal = attendanceRefusal(absent, minimum);
  return { refusal, doubts } satisfies CompletionReview;
}

/**
 * The answer instead of the file: a refusal (no confirmation offered), or the doubts to confirm (`confirm=1`).
 * `what` names the document in the question: the completion statement, or a certificate (issue 35).
 */
export function completionCheck(
  review: CompletionReview,
  confirmed: boolean,
  what = 'o atestado de conclusão',
): ReportCheck | null {
  if (review.refusal) return { error: true, message: review.refusal };
  if (confirmed || !review.doubts.length) return null;
  return {
    error: true,
    confirm: true,
    message: `Atenção: ${review.doubts.join('; ')}. Emitir ${what} mesmo assim?`,
  };
}
