import { annualAverage, verdictOf, type Standing, type Verdict } from '../../resources/standing';
import { dynamic, type Db } from '../db/connection';
import { loadSettings } from '../school/routes';
import { averageRuleOf, type ResultRules } from '../school/results-rules';
import { isTeamClosed } from './closing';

export interface CouncilDecision {
  decision: string;
  reason: string;
  decided_at: string;
  decided_by: { id: number; name: string } | null;
}

/** What one discipline of a student ends with: the average, the make-up, the final grade and the verdict. */
export interface DisciplineOutcome {
  average: number | null;
  makeup: number | null;
  council: CouncilDecision | null;
  verdict: Verdict;
}

/**
 * What every document that prints a result needs besides the grades and the attendance: the school's rules
 * (average, make-up), whether the team is closed, and each student's make-up grades and council decisions. Read
 * once per team (three queries); `outcome` then judges one discipline by the one verdictOf of resources/standing.
 */
export interface TeamOutcomes {
  rules: ResultRules;
  closed: boolean;
  passing: number;
  makeupOf(studentId: number, disciplineId: number): number | null;
  councilOf(studentId: number, disciplineId: number): CouncilDecision | null;
  outcome(
    studentId: number,
    disciplineId: number,
    marks: { grades: (number | undefined)[]; stages: number[]; gridStages: number },
    attendance: { frequency: number | null; minimum: number },
  ): DisciplineOutcome;
}

const key = (studentId: number, disciplineId: number) => `${studentId}:${disciplineId}`;

export async function teamOutcomes(db: Db, teamId: number): Promise<TeamOutcomes> {
  const k = dynamic(db);
  const [settings, closed, makeups, councils] = await Promise.all([
    loadSettings(db),
    isTeamClosed(db, teamId),
    k
      .selectFrom('makeup_grades as m')
      .innerJoin('registrations as r', 'r.id', 'm.registration_id')
      .select(['r.student_id', 'm.discipline_id', 'm.grade'])
      .where('r.team_id', '=', teamId)
      .execute(),
    k
      .selectFrom('council_decisions as c')
      .innerJoin('registrations as r', 'r.id', 'c.registration_id')
      .leftJoin('users as u', 'u.id', 'c.decided_by')
      .select(['r.student_id', 'c.discipline_id', 'c.decision', 'c.reason', 'c.decided_at', 'u.id as user_id'])
      .select('u.name as user_name')
      .where('r.team_id', '=', teamId)
      .execute(),
  ]);
  const rules = settings.results;
  const passing = Math.round(settings.average_grade * 10);
  const makeupBy = new Map(makeups.map((m) => [key(Number(m.student_id), Number(m.discipline_id)), Number(m.grade)]));
  const councilBy = new Map(
    councils.map((c): [string, CouncilDecision] => [
      key(Number(c.student_id), Number(c.discipline_id)),
      {
        decision: String(c.decision),
        reason: String(c.reason),
        decided_at: c.decided_at instanceof Date ? c.decided_at.toISOString() : String(c.decided_at),
        decided_by: c.user_id == null ? null : { id: Number(c.user_id), name: String(c.user_name) },
      },
    ]),
  );
  const averageRule = averageRuleOf(rules);
  const makeupOf = (s: number, d: number) => makeupBy.get(key(s, d)) ?? null;
  const councilOf = (s: number, d: number) => councilBy.get(key(s, d)) ?? null;
  return {
    rules,
    closed,
    passing,
    makeupOf,
    councilOf,
    outcome(studentId, disciplineId, marks, attendance) {
      const average = annualAverage(marks.grades, marks.stages, averageRule);
      const makeup = makeupOf(studentId, disciplineId);
      const council = councilOf(studentId, disciplineId);
      const standing: Standing = {
        average,
        graded: marks.grades.filter((g) => g !== undefined).length,
        stages: marks.gridStages,
        passing,
        ...attendance,
        makeupRule: rules.makeup_rule,
        makeup,
        makeupOpen: !closed,
        council: council?.decision === 'aprovado',
      };
      return { average, makeup, council, verdict: verdictOf(standing) };
    },
  };
}
