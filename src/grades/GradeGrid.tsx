import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { formatGrade } from '../../resources/format';
import { upper } from '../format';
import {
  averageOf,
  cellError,
  maskGrade,
  moveFrom,
  normalizeGrade,
  parseClipboard,
  pasteAt,
  type Pos,
  type Values,
} from './grid-logic';

export interface SheetStudent {
  id: number;
  name: string;
  /** The registration number(s) in this team (six digits): two students with the same name are told apart by it. */
  registration?: string;
}

export interface SheetStage {
  id: number;
  stage: number;
}

export interface GradeGridProps {
  students: SheetStudent[];
  stages: SheetStage[];
  /** One row per student, one text per stage, in the order of `students` and `stages`. */
  values: Values;
  onChange(values: Values): void;
  /** The school's passing average: a student's average under it shows in red. */
  passingAverage: number;
  disabled?: boolean;
  /** Shown, not typed in: a role that reads the grades but may not enter them (Direção, Financeiro). */
  readOnly?: boolean;
  /** Cells the server refused, by `row:col`, with its words (shown until the cell is changed). */
  refused?: Record<string, string>;
}

/** An average of one decimal (7.8) as the school writes it: "7,8". */
const formatAverage = (n: number) => formatGrade(Math.round(n * 10));

/**
 * The grade sheet of one discipline: students down, stages across, one input per cell, used like a
 * spreadsheet (arrows, Tab and Enter move; a block pasted from a spreadsheet fills from the focused
 * cell). Invalid cells are marked as they are typed; each student's average follows live.
 */
export function GradeGrid({
  students,
  stages,
  values,
  onChange,
  passingAverage,
  disabled,
  readOnly,
  refused,
}: GradeGridProps) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  // A name shared by two students carries the registration number in the cells' names too.
  const shared = new Set(students.map((s) => upper(s.name)).filter((name, i, all) => all.indexOf(name) !== i));
  const who = (s: SheetStudent) =>
    shared.has(upper(s.name)) && s.registration ? `${upper(s.name)} (matrícula ${s.registration})` : upper(s.name);
  const size = { rows: students.length, cols: stages.length };
  const focus = (pos: Pos) => {
    const input = inputs.current.get(`${pos.row}:${pos.col}`);
    input?.focus();
    input?.select();
  };

  const setCell = (pos: Pos, text: string) =>
    onChange(values.map((row, r) => (r === pos.row ? row.map((cell, c) => (c === pos.col ? text : cell)) : row)));

  const onKeyDown = (pos: Pos) => (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const caret = input.selectionStart ?? 0;
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    const next = moveFrom(pos, event.key, size, {
      shift: event.shiftKey,
      caretAtStart: whole || caret === 0,
      caretAtEnd: whole || caret === input.value.length,
    });
    if (!next) return;
    event.preventDefault();
    focus(next);
  };

  const onPaste = (pos: Pos) => (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const block = parseClipboard(text);
    event.preventDefault();
    // One value replaces the cell; a block (a column, or rows from a spreadsheet) fills from it.
    if (block.length === 1 && block[0].length === 1) setCell(pos, normalizeGrade(block[0][0]));
    else onChange(pasteAt(values, pos, block).values);
  };

  return (
    <TableContainer sx={{ maxHeight: '65vh' }}>
      <Table size="small" stickyHeader aria-label="Notas da disciplina">
        <TableHead>
          <TableRow>
            <TableCell>Aluno</TableCell>
            {stages.map((s) => (
              <TableCell key={s.id} align="center">
                {s.stage}ª etapa
              </TableCell>
            ))}
            <TableCell align="center">Média</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((student, r) => {
            const average = averageOf(values[r] ?? []);
            const below = average !== null && average < passingAverage;
            return (
              <TableRow key={student.id} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {upper(student.name)}
                  {student.registration && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      Matrícula {student.registration}
                    </Typography>
                  )}
                </TableCell>
                {stages.map((stage, c) => {
                  const text = values[r]?.[c] ?? '';
                  const error = cellError(text) ?? refused?.[`${r}:${c}`] ?? null;
                  const label = `Nota de ${who(student)}, ${stage.stage}ª etapa`;
                  const errorId = `nota-${student.id}-${stage.id}-erro`;
                  if (readOnly)
                    return (
                      <TableCell key={stage.id} align="center">
                        {text || '—'}
                      </TableCell>
                    );
                  return (
                    <TableCell key={stage.id} align="center" sx={{ p: 0.5, verticalAlign: 'top' }}>
                      <input
                        ref={(el) => {
                          if (el) inputs.current.set(`${r}:${c}`, el);
                          else inputs.current.delete(`${r}:${c}`);
                        }}
                        aria-label={label}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        inputMode="decimal"
                        placeholder="0,0"
                        value={text}
                        disabled={disabled}
                        onChange={(e) => setCell({ row: r, col: c }, maskGrade(e.target.value))}
                        onKeyDown={onKeyDown({ row: r, col: c })}
                        onPaste={onPaste({ row: r, col: c })}
                        onFocus={(e) => e.target.select()}
                        // Leaving the cell shows how the grade was read: "10" → "10,0", "9.5" → "9,5".
                        onBlur={() =>
                          normalizeGrade(text) !== text && setCell({ row: r, col: c }, normalizeGrade(text))
                        }
                        style={{
                          width: '4.5em',
                          padding: '6px',
                          textAlign: 'center',
                          font: 'inherit',
                          border: `1px solid ${error ? '#d32f2f' : '#bbb'}`,
                          background: error ? '#fdecea' : undefined,
                          borderRadius: 4,
                          outlineColor: error ? '#d32f2f' : undefined,
                        }}
                      />
                      {/* Why the cell is refused, at the cell itself: nothing is saved while it shows. */}
                      {error && (
                        <Typography
                          id={errorId}
                          variant="caption"
                          color="error"
                          sx={{ display: 'block', maxWidth: '11em', mx: 'auto', lineHeight: 1.2, mt: 0.5 }}
                        >
                          {error}
                        </Typography>
                      )}
                    </TableCell>
                  );
                })}
                <TableCell
                  align="center"
                  sx={{ fontWeight: 600, color: below ? 'error.main' : 'success.main' }}
                  aria-label={`Média de ${who(student)}`}
                >
                  {average === null ? '—' : formatAverage(average)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
