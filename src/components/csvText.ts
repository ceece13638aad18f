/**
 * The CSV a Brazilian spreadsheet opens as it is (Excel in pt-BR, LibreOffice): `;` between values (the comma is the
 * decimal mark), UTF-8 with a BOM (or "João" reads "JoÃ£o"), CRLF lines. Every export of the app is written here: the
 * lists' (src/resources/csv.ts) and the bespoke screens' (the census's problems, the re-enrolment's requests).
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

/** A value quoted when it holds the separator, a quote or a line break; quotes doubled. */
function quoted(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header's line, then one line per row, each ended by CRLF. */
export function csvText(header: string[], rows: string[][]): string {
  return BOM + [header, ...rows].map((cells) => cells.map(quoted).join(CSV_SEPARATOR) + '\r\n').join('');
}
