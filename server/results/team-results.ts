import { finalOf, needsMakeup, overallOf, type Verdict } from '../../resources/standing';
import type { Db } from '../db/connection';
import { teamAttendance } from '../lessons/standing';
import { gridOf, teamGrades } from '../reports/grades';
import { studentsOfTeam, teamOrFail } from '../reports/queries';
import { overallRuleOf } from '../school/results-rules';
import { teamOutcomes, type CouncilDecision } from './outcomes';

export interface DisciplineResult {
  discipline_id: number;
  name: string;
  /** The grade of each stage number of the grid, as a number (7.5), null where not graded. */
  grades: (number | null)[];
  average: number | null;
  makeup: number | null;
  /** Whether a make-up grade has a place here (every stage graded, attendance met, under the average). */
  makeup_needed: boolean;
  final: number | null;
  frequency: number | null;
  council: CouncilDecision | null;
  verdict: Verdict;
}

export interface StudentResult {
  registration_id: number;
  student: { id: number; name: string };
  disciplines: DisciplineResult[];
  verdict: Verdict;
  /** The disciplines carried in dependência, where the school's rules allow it. */
  dependencias: string[];
}

export interface TeamResults {
  team: { id: number; name: string; course: string; year: string; start_date: string; end_date: string };
  stages: number[];
  /** The school's passing average and the minimum attendance, for the grid's legend. */
  passing: number;
  minimum: number;
  makeup_rule: string;
  closed: boolean;
  data: StudentResult[];
}

const asGrade = (tenths: number | null | undefined) => (tenths === null || tenths === undefined ? null : tenths / 10);

/**
 * The year's results of a team: per student and discipline of its grid the stage grades, the annual average,
 * the make-up, the final grade, the frequency and the verdict; per student the overall verdict. Everything is
 * judged by resources/standing.ts (the same verdicts as every document); the rollover reads the overall verdict.
 */
export async function teamResults(db: Db, teamId: number): Promise<TeamResults> {
  const team = await teamOrFail(db, teamId);
  const [grid, students, grades, attendance, outcomes] = await Promise.all([
    gridOf(db, team.grid_id),
    studentsOfTeam(db, team.id, false),
    teamGrades(db, team.id),
    teamAttendance(db, team.id),
    teamOutcomes(db, team.id),
  ]);
  const { passing } = outcomes;
  const overallRule = overallRuleOf(outcomes.rules);
  const data = students.map(({ registration_id, student }): StudentResult => {
    const disciplines = grid.list.map((entry): DisciplineResult => {
      const byNumber = new Map(entry.stages.map((s) => [s.stage, grades.at(student.id, entry.discipline.id, s.id)]));
      const marks = entry.stages.map((s) => byNumber.get(s.stage));
      const { frequency } = attendance.at(student.id, entry.discipline.id);
      const standing = { frequency, minimum: attendance.minimum };
      const outcome = outcomes.outcome(
        student.id,
        entry.discipline.id,
        { grades: marks, stages: entry.stages.map((s) => s.stage), gridStages: entry.stages.length },
        standing,
      );
      const judged = {
        average: outcome.average,
        graded: marks.filter((m) => m !== undefined).length,
        stages: entry.stages.length,
        passing,
        ...standing,
        makeupRule: outcomes.rules.makeup_rule,
        makeup: outcome.makeup,
      };
      return {
        discipline_id: entry.discipline.id,
        name: entry.discipline.name,
        grades: grid.stagesNumbers.map((n) => asGrade(byNumber.get(n))),
        average: asGrade(outcome.average),
        makeup: asGrade(outcome.makeup),
        makeup_needed: needsMakeup(judged),
        final: asGrade(finalOf(judged)),
        frequency,
        council: outcome.council,
        verdict: outcome.verdict,
      };
    });
    const overall = overallOf(
      disciplines.map((d) => ({ name: d.name, verdict: d.verdict })),
      overallRule,
    );
    return {
      registration_id,
      student: { id: student.id, name: student.name },
      disciplines,
      verdict: overall.verdict,
      dependencias: overall.dependencias,
    };
  });
  return {
    team: {
      id: team.id,
      name: team.name,
      course: team.course ?? '',
      year: String(team.start_date).slice(0, 4),
      start_date: team.start_date,
      end_date: team.end_date,
    },
    stages: grid.stagesNumbers,
    passing,
    minimum: attendance.minimum,
    makeup_rule: outcomes.rules.makeup_rule,
    closed: outcomes.closed,
    data,
  };
}
