import { formatDate, schoolDayOf } from '../../resources/format';
import type { Db } from '../db/connection';
import { loadSettings } from '../school/routes';
import type { ReportCheck } from './builder';
import { averageTenths, gridOf, teamGrades } from './grades';
import type { ReportTeam } from './queries';

/**
 * Why a completion statement would state something not yet true: the team's course still running, or
 * disciplines of the grid without every stage's grade or under the school's passing average. Empty when
 * the statement can be issued without a word.
 */
export async function completionDoubts(db: Db, studentId: number, team: ReportTeam, now: Date): Promise<string[]> {
  const [grid, grades, school] = await Promise.all([
    gridOf(db, team.grid_id),
    teamGrades(db, team.id),
    loadSettings(db),
  ]);
  const passing = Math.round(school.average_grade * 10);
  const doubts: string[] = [];
  if (team.end_date && team.end_date > schoolDayOf(now))
    doubts.push(`a turma só termina em ${formatDate(team.end_date)}`);
  const pending: string[] = [];
  const failing: string[] = [];
  for (const entry of grid.list) {
    const marks = entry.stages.map((s) => grades.at(studentId, entry.discipline.id, s.id));
    const average = averageTenths(marks);
    if (marks.some((m) => m === undefined)) pending.push(entry.discipline.name);
    else if (average !== null && average < passing) failing.push(entry.discipline.name);
  }
  if (failing.length) doubts.push(`o aluno está abaixo da média em ${failing.join(', ')}`);
  if (pending.length) doubts.push(`faltam notas em ${pending.join(', ')}`);
  return doubts;
}

/** The check answered instead of the file until the person confirms (`confirm=1`): it names every doubt. */
export function completionCheck(doubts: string[]): ReportCheck {
  return {
    error: true,
    confirm: true,
    message: `Atenção: ${doubts.join('; ')}. Emitir o atestado de conclusão mesmo assim?`,
  };
}
