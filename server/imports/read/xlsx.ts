import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EMPTY, NOT_A_SHEET, refuse, SHEET_LIMITS, TOO_MANY_ROWS } from './limits';
import type { RowSink, SheetRows } from './sheet';
import { checkZip } from './zip-check';

/**
 * A cell's value as the sheet stores it: a formula's cached result (never evaluated: the file's author decides
 * nothing here), rich text as its text, a hyperlink as its text, an error as its code.
 */
export function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('formula' in value || 'sharedFormula' in value)
    return cellValue((value as ExcelJS.CellFormulaValue).result ?? '');
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return cellValue((value as ExcelJS.CellHyperlinkValue).text);
  if ('error' in value) return String(value.error);
  return '';
}

const isEmpty = (v: unknown) => v === '' || v === null || v === undefined;

/**
 * The first sheet of an XLSX, streamed (never the whole workbook in memory): its first row with a value is the
 * header. It ends at the last row with data: after SHEET_LIMITS.emptyRun empty rows in a row the rest is not read,
 * so a sheet formatted down to row 1,048,576 costs what its data costs. With `onRow`, rows go to it (read/sheet.ts).
 */
export async function readXlsx(bytes: Buffer, onRow?: RowSink): Promise<SheetRows> {
  checkZip(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let headers: unknown[] | undefined;
  const rows: SheetRows['rows'] = [];
  let emptyRun = 0;
  let dataRows = 0;
  try {
    sheets: for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1, SHEET_LIMITS.columns + 1).map(cellValue);
        if (values.every(isEmpty)) {
          if (headers && ++emptyRun >= SHEET_LIMITS.emptyRun) break sheets;
          continue;
        }
        emptyRun = 0;
        if (!headers) headers = values;
        else {
          if (++dataRows > SHEET_LIMITS.dataRows) throw refuse(TOO_MANY_ROWS);
          if (onRow) onRow(headers, { line: row.number, cells: values });
          else rows.push({ line: row.number, cells: values });
        }
      }
      // Only the first sheet: the template's "Valores aceitos" and any other are notes for people.
      break;
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw refuse(NOT_A_SHEET);
  }
  if (!headers) throw refuse(EMPTY);
  return { headers, rows };
}
