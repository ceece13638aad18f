/**
 * CSV as Brazilian spreadsheets read it: `;` between cells (the comma is the decimal separator there),
 * CRLF line ends, and a UTF-8 byte order mark so that Excel shows 'João' and not 'JoÃ£o'.
 */
export const CSV_BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula ("=HYPERLINK(…)") is written as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}
