import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SheetRows } from './read/sheet';
import type { ImportProblem } from './record';

/** The header of the column the annotated file gains. */
export const ERROR_COLUMN = 'Erro';

/** Every problem of each line joined by "; " ("CPF: CPF inválido.; Status: …"), by the line a sheet shows. */
export function errorsByLine(problems: ImportProblem[]): Map<number, string> {
  const lines = new Map<number, string[]>();
  for (const p of problems) {
    const text = p.column && !p.message.includes(p.column) ? `${p.column}: ${p.message}` : p.message;
    lines.set(p.line, [...(lines.get(p.line) ?? []), text]);
  }
  return new Map([...lines].map(([line, texts]) => [line, texts.join('; ')]));
}

/**
 * The file's rows as they came (a date cell stays a date, a number a number), with the "Erro" column after the last
 * header: empty on a line that is fine. Streamed into the workbook, so 50,000 rows cost a few rows' memory at a time.
 * Runs in a worker thread.
 */
export async function annotatedXlsx(sheet: SheetRows, problems: ImportProblem[]): Promise<Uint8Array> {
  const errors = errorsByLine(problems);
  const width = Math.max(sheet.headers.length, ...sheet.rows.slice(0, 1).map((r) => r.cells.length));
  const padded = (cells: unknown[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const page = book.addWorksheet('Planilha');
  page.columns = [...padded(sheet.headers).map((h) => ({ width: Math.max(12, String(h).length + 2) })), { width: 60 }];
  const header = page.addRow([...padded(sheet.headers), ERROR_COLUMN]);
  header.font = { bold: true };
  header.commit();
  for (const row of sheet.rows) {
    const added = page.addRow([...padded(row.cells), errors.get(row.line) ?? '']);
    if (errors.has(row.line)) added.getCell(width + 1).font = { color: { argb: 'FFB00020' } };
    added.commit();
  }
  page.commit();
  await book.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
