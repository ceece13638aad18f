import { annualAverage } from '../../resources/standing';
import { dynamic, type Db } from '../db/connection';
import { groupFullGrid, templateRows, type FullGrid } from '../grids/queries';

/** A grade cell shows one decimal, as the school writes grades (7,5). */
export const GRADE_FORMAT = '0.0';
/** Fonts and fills the grade and money sheets colour with. */
export const RED_FONT = { color: { argb: 'FFC00000' }, bold: true } as const;

/** The disciplines of a team's grid (alphabetical), each with its stages (by number). */
export async function gridOf(db: Db, gridId: number): Promise<FullGrid> {
  return groupFullGrid(await templateRows(db, gridId), null);
}

const keyOf = (studentId: number, disciplineId: number, stageId: number) => `${studentId}:${disciplineId}:${stageId}`;

/** Every grade of a team in tenths, one query: `at(student, discipline, stage)` reads one cell. */
export async function teamGrades(db: Db, teamId: number) {
  const rows = await dynamic(db)
    .selectFrom('grades')
    .select(['student_id', 'discipline_id', 'stage_id', 'grade'])
    .where('team_id', '=', teamId)
    .execute();
  const byCell = new Map(
    rows.map((r) => [keyOf(Number(r.student_id), Number(r.discipline_id), Number(r.stage_id)), Number(r.grade)]),
  );
  return {
    at: (studentId: number, disciplineId: number, stageId: number): number | undefined =>
      byCell.get(keyOf(studentId, disciplineId, stageId)),
  };
}

/**
 * The average of the grades given, in tenths rounded half up (6,25 → 6,3), or null without grades.
 * Computed on whole tenths so that 7,5 and 6,5 average exactly 7,0.
 */
export const averageTenths = (grades: (number | undefined)[]): number | null =>
  annualAverage(
    grades,
    grades.map((_, i) => i + 1),
  );

/** A grade in tenths as the number a spreadsheet shows with GRADE_FORMAT. */
export const gradeValue = (tenths: number | null | undefined): number | null =>
  tenths === null || tenths === undefined ? null : tenths / 10;

const FORBIDDEN_IN_SHEET_NAMES = /[[\]:*?/\\]/g;

/** A sheet name spreadsheets accept (31 characters, none of []:*?/\), unique within the workbook. */
export function uniqueSheetName(name: string, used: Set<string>): string {
  const base = name.replace(FORBIDDEN_IN_SHEET_NAMES, '-').trim().slice(0, 31) || 'Planilha';
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++)
    candidate = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  used.add(candidate.toLowerCase());
  return candidate;
}
