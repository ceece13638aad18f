import { describe, expect, it } from 'vitest';
import { GRADE_NOT_A_NUMBER, GRADE_OUT_OF_RANGE, GRADE_TWO_DECIMALS } from '../../resources/format';
import {
  averageOf,
  cellError,
  invalidCells,
  apiGrade,
  maskGrade,
  moveFrom,
  normalizeGrade,
  parseClipboard,
  pasteAt,
} from '../../src/grades/grid-logic';

const size = { rows: 3, cols: 4 };
const empty = () => Array.from({ length: 3 }, () => ['', '', '', '']);

describe('grade sheet keyboard', () => {
  it('moves with the arrows and stays inside the sheet', () => {
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowDown', size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 2, col: 1 }, 'ArrowDown', size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowUp', size)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 1, col: 3 }, 'ArrowRight', size)).toEqual({ row: 1, col: 3 });
    expect(moveFrom({ row: 1, col: 1 }, 'ArrowLeft', size)).toEqual({ row: 1, col: 0 });
  });

  it('leaves left and right to the caret while it is inside the text', () => {
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowLeft', size, { caretAtStart: false })).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowRight', size, { caretAtEnd: false })).toBeNull();
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowRight', size, { caretAtEnd: true })).toEqual({ row: 0, col: 2 });
  });

  it('Tab goes right and wraps to the next student; Shift+Tab back; out of the sheet at its ends', () => {
    expect(moveFrom({ row: 0, col: 3 }, 'Tab', size)).toEqual({ row: 1, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, 'Tab', size, { shift: true })).toEqual({ row: 0, col: 3 });
    expect(moveFrom({ row: 2, col: 3 }, 'Tab', size)).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, 'Tab', size, { shift: true })).toBeNull();
  });

  it('Enter goes down the stage, Shift+Enter up; other keys are typing', () => {
    expect(moveFrom({ row: 0, col: 2 }, 'Enter', size)).toEqual({ row: 1, col: 2 });
    expect(moveFrom({ row: 1, col: 2 }, 'Enter', size, { shift: true })).toEqual({ row: 0, col: 2 });
    expect(moveFrom({ row: 0, col: 2 }, '7', size)).toBeNull();
  });
});

describe('grade sheet paste', () => {
  it('reads a block copied from a spreadsheet (tabs and line breaks, CRLF, trailing break)', () => {
    expect(parseClipboard('7,5\t8\r\n6\t\r\n')).toEqual([
      ['7,5', '8'],
      ['6', ''],
    ]);
    expect(parseClipboard('9.0')).toEqual([['9.0']]);
  });

  it('fills from the focused cell, with the decimal comma whatever the spreadsheet wrote, clipped to the sheet', () => {
    const { values, filled } = pasteAt(empty(), { row: 1, col: 2 }, parseClipboard('7,5\t8\t9\n6\t10\t1\n5\t5\t5\n'));
    expect(values).toEqual([
      ['', '', '', ''],
      ['', '', '7,5', '8,0'],
      ['', '', '6,0', '10,0'],
    ]);
    expect(filled).toHaveLength(4);
  });

  it('pastes a column down the stage', () => {
    const { values } = pasteAt(empty(), { row: 0, col: 0 }, parseClipboard('7\n8,5\n9.5\n'));
    expect(values.map((r) => r[0])).toEqual(['7,0', '8,5', '9,5']);
  });

  it('keeps what is not a grade as it came, to be marked', () => {
    const { values } = pasteAt(empty(), { row: 0, col: 0 }, [['abc', '11']]);
    expect(values[0].slice(0, 2)).toEqual(['abc', '11,0']);
    expect(invalidCells(values)).toEqual([
      { row: 0, col: 0 },
      { row: 0, col: 1 },
    ]);
  });
});

describe('grade sheet checks', () => {
  it('accepts 0.0 to 10.0 with one decimal, and empty cells; says why anything else is refused', () => {
    for (const ok of ['', '0.0', '7.5', '7,5', '10.0', '10,0', '10', '9', '9.5']) expect(cellError(ok), ok).toBeNull();
    for (const bad of ['10.1', '11', '100', '97.5']) expect(cellError(bad), bad).toBe(GRADE_OUT_OF_RANGE);
    for (const bad of ['7.55', '9,75', '9.75']) expect(cellError(bad), bad).toBe(GRADE_TWO_DECIMALS);
    for (const bad of ['-1', 'x', '.5', '7.']) expect(cellError(bad), bad).toBe(GRADE_NOT_A_NUMBER);
  });

  it('keeps what is typed as typed, with the decimal comma: digits never move into a mask', () => {
    expect(maskGrade('7')).toBe('7');
    expect(maskGrade('10')).toBe('10');
    expect(maskGrade('11')).toBe('11');
    expect(maskGrade('75')).toBe('75');
    expect(maskGrade('9,75')).toBe('9,75');
    expect(maskGrade('10,0')).toBe('10,0');
    expect(maskGrade('7,')).toBe('7,');
    expect(maskGrade('7,5')).toBe('7,5');
    // A phone keyboard that offers only the dot: the cell still shows the comma.
    expect(maskGrade('7.5')).toBe('7,5');
    expect(maskGrade('9.7.')).toBe('9,7');
    expect(maskGrade('a9b')).toBe('9');
    expect(normalizeGrade(' 07,5 ')).toBe('7,5');
    expect(normalizeGrade('7.5')).toBe('7,5');
    expect(normalizeGrade('10')).toBe('10,0');
    expect(normalizeGrade('9,75')).toBe('9,75');
  });

  it('sends the API its own form ("7.5"), and an empty cell as empty', () => {
    expect(['7,5', '10,0', '10', '0', ' 9,5 ', ''].map(apiGrade)).toEqual(['7.5', '10.0', '10.0', '0.0', '9.5', '']);
  });

  it("averages a student's valid grades, to one decimal", () => {
    expect(averageOf(['7,5', '8,0', '', 'x'])).toBe(7.8);
    expect(averageOf(['', ''])).toBeNull();
    expect(averageOf(['5.0', '6.0', '7.0'])).toBe(6);
  });
});
