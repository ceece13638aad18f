import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dateInRange, formatDate } from '../../resources/format';
import { loadSettings } from '../school/routes';
import type { Db } from '../db/connection';

export { BRL_FORMAT, DATE_FORMAT } from './xlsx-formats';

/** A workbook written as it grows (rows leave memory once committed): reports of any size. */
export function streamingWorkbook(out: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Secretaria';
  workbook.created = new Date();
  return workbook;
}

/**
 * A calendar day (`yyyy-mm-dd`) as a real date cell: midnight UTC, which spreadsheets show as that day.
 * A day spreadsheets cannot hold (before 1900, as a mistyped year stored before dates were checked) is
 * written as text, `dd/mm/aaaa`, rather than as a negative serial.
 */
export function dateCell(day: string | null | undefined): Date | string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return null;
  if (!dateInRange(day.slice(0, 10))) return formatDate(day.slice(0, 10));
  return new Date(`${day.slice(0, 10)}T00:00:00Z`);
}

/** 1 → A, 26 → Z, 27 → AA: the title banners span every column of wide sheets too. */
export function columnLetter(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const schools = new WeakMap<object, ReturnType<typeof loadSettings>>();

export interface SheetTitle {
  /** Report title in capitals ('ALUNOS POR TURMA'). */
  title: string;
  /** Lines under the title ('Turma: …', 'Curso: …'). */
  lines: string[];
}

/**
 * A sheet with the school's header (name, title, the lines), a bold table header frozen under it, column
 * widths, and an A4 print setup fitted one page wide. Answers the sheet ready for data rows.
 */
export async function reportSheet(
  db: Db,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  heading: SheetTitle,
  columns: { header: string; width: number; numFmt?: string }[],
  orientation: 'portrait' | 'landscape' = 'portrait',
): Promise<ExcelJS.Worksheet> {
  // One settings read per workbook, not per sheet: the class diary has a sheet per discipline.
  let school = schools.get(workbook);
  if (!school) schools.set(workbook, (school = loadSettings(db)));
  const { school_name } = await school;
  const headerRow = 2 + heading.lines.length + 1;
  const sheet = workbook.addWorksheet(name.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: {
      paperSize: 9,
      orientation,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow}:${headerRow}`,
    },
  });
  sheet.columns = columns.map((c) => ({ width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  const last = columnLetter(columns.length);
  const banner = (text: string, size: number, bold: boolean) => {
    const row = sheet.addRow([text]);
    row.font = { size, bold };
    sheet.mergeCells(`A${row.number}:${last}${row.number}`);
    row.commit();
  };
  banner(school_name, 14, true);
  banner(heading.title, 12, true);
  for (const line of heading.lines) banner(line, 10, false);
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE0E0E0' } };
    cell.border = { bottom: { style: 'thin' } };
  });
  header.commit();
  return sheet;
}
