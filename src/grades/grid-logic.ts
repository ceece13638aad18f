import { gradeError, gradeOfTenths, parseGrade } from '../../resources/format';

/**
 * The grade sheet as a spreadsheet, without React: cells are text (what the inputs show), addressed by
 * row (student) and column (stage). Keyboard moves, pasting a block and the checks live here so that
 * they are tested on their own; the component only wires them to the inputs.
 */

export interface Pos {
  row: number;
  col: number;
}

export interface Size {
  rows: number;
  cols: number;
}

export type Values = string[][];

/** How a grade is typed, under the title of the sheet: the school's rule (resources/format.ts). */
export const GRADE_HELP =
  'Digite a nota de 0,0 a 10,0, com no máximo uma casa decimal (ex.: 7 — 9,5 — 10). A nota não é arredondada: 9,75 é recusada; digite 9,7 ou 9,8.';

const clamp = (n: number, max: number) => Math.max(0, Math.min(max - 1, n));

/**
 * Where a key sends the focus, or null when the key is not a move (the input keeps it). Arrows move one
 * cell; Tab goes right (Shift+Tab left) and wraps to the next (previous) row; Enter goes down (Shift+Enter
 * up), like a spreadsheet. Left and right arrows move only when the caret is at the text's edge.
 */
export function moveFrom(
  pos: Pos,
  key: string,
  size: Size,
  opts: { shift?: boolean; caretAtStart?: boolean; caretAtEnd?: boolean } = {},
): Pos | null {
  const { row, col } = pos;
  const at = (r: number, c: number) => ({ row: clamp(r, size.rows), col: clamp(c, size.cols) });
  switch (key) {
    case 'ArrowUp':
      return at(row - 1, col);
    case 'ArrowDown':
      return at(row + 1, col);
    case 'ArrowLeft':
      return opts.caretAtStart === false ? null : at(row, col - 1);
    case 'ArrowRight':
      return opts.caretAtEnd === false ? null : at(row, col + 1);
    case 'Enter':
      return at(row + (opts.shift ? -1 : 1), col);
    case 'Tab': {
      const index = row * size.cols + col + (opts.shift ? -1 : 1);
      if (index < 0 || index >= size.rows * size.cols) return null; // leaves the sheet (to the save button)
      return { row: Math.floor(index / size.cols), col: index % size.cols };
    }
    default:
      return null;
  }
}

/** A clipboard from a spreadsheet: rows by line, cells by tab; the trailing line break dropped. */
export function parseClipboard(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/**
 * A grade as the sheet writes it, with the decimal comma of the school's papers and the portal: "7.5" → "7,5",
 * "7" → "7,0", " 10 " → "10,0"; anything else as typed (a dot shown as the comma).
 */
export function normalizeGrade(text: string): string {
  const t = text.trim().replace('.', ',');
  if (/^\d{1,2}$/.test(t)) return `${Number(t)},0`;
  if (/^\d{1,2},\d$/.test(t)) return `${Number(t.split(',')[0])},${t.split(',')[1]}`;
  return t;
}

/** A cell as the API takes it: "7,5" → "7.5", "10" → "10.0", empty stays empty (the grade is removed). */
export function apiGrade(text: string): string {
  const tenths = parseGrade(text);
  return tenths === null ? text.trim() : gradeOfTenths(tenths);
}

/**
 * What the teacher types, as typed: a dot (a phone keyboard may offer only it) becomes the comma and characters
 * that are no part of a number are dropped; digits never move ("10" stays 10, "9,75" stays 9,75 and is refused at
 * the cell, not read as 97,5). A second separator is dropped.
 */
export function maskGrade(typed: string): string {
  const t = typed.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = t.indexOf(',');
  return comma < 0 ? t : `${t.slice(0, comma + 1)}${t.slice(comma + 1).replace(/,/g, '')}`;
}

/**
 * Fills the sheet from `at` with a pasted block, clipped to the sheet; answers the new values and the cells it filled.
 */
export function pasteAt(values: Values, at: Pos, block: string[][]): { values: Values; filled: Pos[] } {
  const next = values.map((row) => [...row]);
  const filled: Pos[] = [];
  block.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      const row = at.row + r;
      const col = at.col + c;
      if (row >= next.length || col >= next[row].length) return;
      next[row][col] = normalizeGrade(cell);
      filled.push({ row, col });
    }),
  );
  return { values: next, filled };
}

/** A cell's problem in the school's words (as the server would answer it), or null: empty is no grade. */
export function cellError(text: string): string | null {
  return text.trim() === '' ? null : gradeError(text);
}

/** Every invalid cell of the sheet. */
export function invalidCells(values: Values): Pos[] {
  const found: Pos[] = [];
  values.forEach((row, r) => row.forEach((cell, c) => cellError(cell) && found.push({ row: r, col: c })));
  return found;
}

/** The average of a student's valid grades (null when none): what the sheet shows live. */
export function averageOf(row: string[]): number | null {
  const tenths = row.filter((cell) => cell.trim() !== '' && !cellError(cell)).map((cell) => parseGrade(cell)!);
  if (!tenths.length) return null;
  return Math.round(tenths.reduce((a, b) => a + b, 0) / tenths.length) / 10;
}
