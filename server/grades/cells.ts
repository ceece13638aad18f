import { parseGrade } from '../../resources/format';
import type { ErrorList } from '../http/error-list';

/** One cell of a grade sheet: the grade of a student in a stage of a discipline of a team. */
export interface GradeCell {
  /** The cell as the form names it, `grade[student][stage][discipline][team]`: errors point at it. */
  field: string;
  student_id: number;
  stage_id: number;
  discipline_id: number;
  team_id: number;
  /** The value as sent; empty means "no grade" (the stored one is deleted). */
  raw: unknown;
}

const MAX_ID = 2147483647;
const FLAT_KEY = /^grade\[([^\]]*)\]\[([^\]]*)\]\[([^\]]*)\]\[([^\]]*)\]$/;

export const fieldOf = (c: { student_id: number; stage_id: number; discipline_id: number; team_id: number }) =>
  `grade[${c.student_id}][${c.stage_id}][${c.discipline_id}][${c.team_id}]`;

function idOf(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_ID ? n : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The cells of a save, whatever shape they came in: the spec's multipart form (flat keys
 * `grade[12][3][5][7]`), the same as a nested object (`{grade: {12: {3: {5: {7: "7.5"}}}}}`), or a list
 * (`{grades: [{student_id, stage_id, discipline_id, team_id, grade}]}`). A cell whose ids are not ids is
 * an error under its own name; the same cell twice keeps the last value.
 */
export function cellsOf(body: unknown, errors: ErrorList): GradeCell[] {
  const cells = new Map<string, GradeCell>();
  const add = (field: string, ids: unknown[], raw: unknown) => {
    const [student_id, stage_id, discipline_id, team_id] = ids.map(idOf);
    if (student_id === null || stage_id === null || discipline_id === null || team_id === null) {
      errors.add(field, 'Esta célula não identifica aluno, etapa, disciplina e turma.');
      return;
    }
    const cell = { student_id, stage_id, discipline_id, team_id };
    cells.set(fieldOf(cell), { ...cell, field: fieldOf(cell), raw });
  };
  if (!isRecord(body)) return [];
  if (Array.isArray(body.grades)) {
    body.grades.forEach((item: unknown, i) => {
      const row = isRecord(item) ? item : {};
      add(`grades.${i}`, [row.student_id, row.stage_id, row.discipline_id, row.team_id], row.grade);
    });
  }
  if (isRecord(body.grade)) {
    for (const [student, stages] of Object.entries(body.grade)) {
      for (const [stage, disciplines] of Object.entries(isRecord(stages) ? stages : {})) {
        for (const [discipline, teams] of Object.entries(isRecord(disciplines) ? disciplines : {})) {
          for (const [team, raw] of Object.entries(isRecord(teams) ? teams : {}))
            add(`grade[${student}][${stage}][${discipline}][${team}]`, [student, stage, discipline, team], raw);
        }
      }
    }
  }
  for (const [key, raw] of Object.entries(body)) {
    const m = FLAT_KEY.exec(key);
    if (m) add(key, m.slice(1), raw);
  }
  return [...cells.values()];
}

/** The grade of a cell in tenths, null when emptied; undefined when it is no grade (0.0–10.0, one decimal). */
export function tenthsOf(raw: unknown): number | null | undefined {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return null;
  return parseGrade(raw) ?? undefined;
}
