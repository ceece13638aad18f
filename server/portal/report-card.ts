import { dynamic, type Db } from '../db/connection';
import { groupFullGrid, templateRows } from '../grids/queries';
import { countedAbsences, teamAttendance, type Verdict } from '../lessons/standing';
import { teamOutcomes } from '../results/outcomes';
import { gradeValue, teamGrades } from '../reports/grades';
import { loadSettings } from '../school/routes';
import { currentEnrolment, enrolmentYears } from './queries';

export interface PortalReportCard {
  student: { id: number; name: string };
  team: { id: number; name: string; year: number } | null;
  /** The school years the student was enrolled in (newest first), and the one shown: the family may switch. */
  years: { id: number; year: number }[];
  school_year_id: number | null;
  /** Every stage of the grid; `published`: its grades are the family's (the office published them). */
  stages: { id: number; name: string; published: boolean }[];
  minimum_average: number;
  minimum_attendance: number;
  disciplines: {
    id: number;
    name: string;
    grades: (number | null)[];
    average: number | null;
    absences: number;
    frequency: number | null;
    result: Verdict;
  }[];
}

/**
 * The report card of the student's enrolment in a school year (the current one unless another is asked for), as
 * the school's printed one tells it (report-card.ts): per discipline of the team's grid, the grade of each stage,
 * the average, the absences the frequency counts, the frequency and the result (verdictOf). Grades as numbers
 * (7.5); the client writes them with a comma. A stage not yet published shows no grade, and the average and result
 * count only the published ones ("EM CURSO" until all).
 */
export async function reportCardOf(db: Db, studentId: number, schoolYearId?: number): Promise<PortalReportCard> {
  const k = dynamic(db);
  const student = await k.selectFrom('students').select(['id', 'name']).where('id', '=', studentId).executeTakeFirst();
  const school = await loadSettings(db);
  const card: PortalReportCard = {
    student: { id: studentId, name: String(student?.name ?? '') },
    team: null,
    years: await enrolmentYears(db, studentId),
    school_year_id: schoolYearId ?? null,
    stages: [],
    minimum_average: school.average_grade,
    minimum_attendance: school.minimum_attendance,
    disciplines: [],
  };
  const enrolment = await currentEnrolment(db, studentId, schoolYearId);
  if (!enrolment) return card;
  const team = await k
    .selectFrom('teams')
    .select(['id', 'name', 'grid_id', 'start_date', 'school_year_id'])
    .where('id', '=', enrolment.team.id)
    .executeTakeFirstOrThrow();
  card.team = { id: Number(team.id), name: String(team.name), year: Number(String(team.start_date).slice(0, 4)) };
  card.school_year_id = team.school_year_id == null ? null : Number(team.school_year_id);
  const rows = team.grid_id == null ? [] : await templateRows(db, Number(team.grid_id));
  const grid = groupFullGrid(rows, null);
  const stageIds = new Map<number, number>();
  for (const row of rows) stageIds.set(row.stage.stage, row.stage_id);
  // Grades reach families stage by stage, as the office publishes them (server/notifications/publications.ts).
  const published = new Set(
    (await k.selectFrom('grade_publications').select('stage_id').where('team_id', '=', card.team.id).execute()).map(
      (p) => Number(p.stage_id),
    ),
  );
  card.stages = grid.stagesNumbers.map((stage) => {
    const id = stageIds.get(stage)!;
    return { id, name: `${stage}ª etapa`, published: published.has(id) };
  });
  const [grades, attendance, outcomes] = await Promise.all([
    teamGrades(db, card.team.id),
    teamAttendance(db, card.team.id),
    teamOutcomes(db, card.team.id),
  ]);
  card.disciplines = grid.list.map((entry) => {
    const byStage = new Map(
      entry.stages.map((s) => [
        s.stage,
        published.has(s.id) ? grades.at(studentId, entry.discipline.id, s.id) : undefined,
      ]),
    );
    const own = grid.stagesNumbers.map((stage) => byStage.get(stage));
    const presence = attendance.at(studentId, entry.discipline.id);
    const { frequency } = presence;
    const numbers = { grades: own, stages: grid.stagesNumbers, gridStages: entry.stages.length };
    const { average, verdict } = outcomes.outcome(studentId, entry.discipline.id, numbers, {
      frequency,
      minimum: attendance.minimum,
    });
    return {
      id: entry.discipline.id,
      name: entry.discipline.name,
      grades: own.map((g) => gradeValue(g)),
      average: gradeValue(average),
      absences: countedAbsences(presence, attendance.countsJustified) ?? 0,
      frequency,
      result: verdict,
    };
  });
  return card;
}
