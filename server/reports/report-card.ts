import { formatDate, gradeOfTenths, registrationNumber } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import { groupFullGrid, templateRows } from '../grids/queries';
import { countedAbsences, teamAttendance } from '../lessons/standing';
import { teamOutcomes } from '../results/outcomes';
import { loadSettings, type SchoolSettings } from '../school/routes';
import type { ReportCheck, ReportParams } from './builder';
import { registrationOrFail, studentOrFail, teamOrFail } from './queries';

export const NO_GRADES = 'Esse aluno não possui notas para poder gerar um boletim.';

/** A grade as a Brazilian document writes it: 75 tenths → "7,5". */
export const gradeText = (tenths: number) => gradeOfTenths(tenths).replace('.', ',');

/** One discipline's line of the report card: what both files (PDF, spreadsheet) print, in the same order. */
export interface CardLine {
  discipline: string;
  /** Tenths per stage number of the grid (undefined: not graded). */
  grades: (number | undefined)[];
  average: number | null;
  absences: number | null;
  frequency: number | null;
  verdict: string;
}

export interface ReportCard {
  school: SchoolSettings;
  student: string;
  registration: string;
  course: string;
  team: string;
  period: string;
  stages: number[];
  /** The passing grade in tenths and the minimum attendance (%), each file colouring what falls under them. */
  passing: number;
  minimum: number;
  lines: CardLine[];
}

/**
 * The report card of a student in a team, as both files print it: per discipline of the team's grid, the grade
 * of each stage and the average, the absences and frequency from the class diary and the result (verdictOf, with
 * the make-up and the council's decision, server/results/outcomes.ts:
 * under the minimum attendance, REPROVADO POR FALTA whatever the average). A student without any grade in the
 * team gets the spec's check instead.
 */
export async function reportCardOf(db: Db, params: ReportParams): Promise<ReportCard | ReportCheck> {
  const student = await studentOrFail(db, Number(params.student), false);
  const team = await teamOrFail(db, Number(params.team));
  const registration = await registrationOrFail(db, student.id, team.id);
  const grades = await dynamic(db)
    .selectFrom('grades as g')
    .innerJoin('stages as s', 's.id', 'g.stage_id')
    .select(['g.discipline_id', 's.stage', 'g.grade'])
    .where('g.student_id', '=', student.id)
    .where('g.team_id', '=', team.id)
    .execute();
  if (!grades.length) return { error: true, message: NO_GRADES };

  const gradeOf = new Map(grades.map((g) => [`${g.discipline_id}:${g.stage}`, Number(g.grade)]));
  const grid = groupFullGrid(await templateRows(db, team.grid_id), team.course || null);
  const school = await loadSettings(db);
  const passing = Math.round(school.average_grade * 10);
  const [attendance, outcomes] = await Promise.all([teamAttendance(db, team.id), teamOutcomes(db, team.id)]);
  const { minimum } = attendance;
  const stages = grid.stagesNumbers;
  const lines = grid.list.map((entry): CardLine => {
    const own = stages.map((stage) => gradeOf.get(`${entry.discipline.id}:${stage}`));
    const presence = attendance.at(student.id, entry.discipline.id);
    const { frequency } = presence;
    const marks = { grades: own, stages, gridStages: entry.stages.length };
    const { average, verdict } = outcomes.outcome(student.id, entry.discipline.id, marks, { frequency, minimum });
    return {
      discipline: entry.discipline.name,
      grades: own,
      average,
      absences: countedAbsences(presence, attendance.countsJustified),
      frequency,
      verdict,
    };
  });
  return {
    school,
    student: student.name,
    registration: registrationNumber(registration.id),
    course: team.course || '—',
    team: team.name,
    period: `${formatDate(team.start_date)} a ${formatDate(team.end_date)}`,
    stages,
    passing,
    minimum,
    lines,
  };
}

/** The note under the table, in both files. */
export const cardLegend = (card: ReportCard) =>
  `Média para aprovação: ${gradeText(card.passing)}. Frequência mínima: ${card.minimum}%. ` +
  'Notas abaixo da média e frequência abaixo da mínima em vermelho.';
