import { EMPTY, NOT_A_SHEET, refuse, SHEET_LIMITS, TOO_MANY_ROWS } from './limits';
import type { RowSink, SheetRows } from './sheet';

/**
 * The text of a CSV as Excel in Portuguese saves it: UTF-8 with or without a BOM, UTF-16 with its BOM, or
 * Windows-1252 ("CSV (separado por vírgulas)"). Bytes that are not valid UTF-8 are Windows-1252: a Latin text in
 * it is almost never valid UTF-8 by chance.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Whether the bytes look like text at all: a NUL or many control bytes near the start is a binary file. */
export function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  // UTF-16 has NULs by design; its BOM was seen before this is asked.
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control <= head.length / 100;
}

/** The separator of the header line: `;` (Excel in pt-BR), `,` or a tab, whichever it has most of outside quotes. */
export function detectSeparator(text: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1])[0][1] > 0
    ? Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0]
    : ';';
}

/**
 * The records of a CSV (RFC 4180: quoted fields may hold the separator, quotes doubled and line breaks). Each
 * record's line is its number as a spreadsheet shows it (the header is line 1), however many text lines it spans.
 * A field's text is cut from the file's in runs (up to the next separator, line break or quote), not grown a
 * character at a time: 40,000 rows were millions of short-lived strings for the worker thread's small heap to collect.
 * With `onRow`, each data row goes to it as it is read instead of into `rows` (read/sheet.ts).
 */
export function readCsv(bytes: Uint8Array, onRow?: RowSink): SheetRows {
  const bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!bom && !looksLikeText(bytes)) throw refuse(NOT_A_SHEET);
  const text = decodeText(bytes);
  const separator = detectSeparator(text);
  // A file that may have more rows than allowed is read whole first, as without `onRow`: refused before any row is
  // handed over (and parsed), quickly.
  const sink = onRow && roughRecordCount(text) <= SHEET_LIMITS.dataRows + 1 ? onRow : undefined;
  let headers: unknown[] | undefined;
  const rows: SheetRows['rows'] = [];
  let lineNumber = 0;
  let record: string[] = [];
  let field = '';
  let dataRows = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    lineNumber++;
    if (record.some((v) => v.trim() !== '')) {
      if (!headers) headers = record;
      else {
        if (++dataRows > SHEET_LIMITS.dataRows) throw refuse(TOO_MANY_ROWS);
        if (sink) sink(headers, { line: lineNumber, cells: record });
        else rows.push({ line: lineNumber, cells: record });
      }
    }
    record = [];
  };
  const length = text.length;
  let i = 0;
  while (i < length) {
    const ch = text[i];
    if (ch === '"' && field.trim() === '') {
      // A quoted field: runs up to each quote; a doubled one is a quote, a single one ends the quoting.
      field = '';
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) {
          field += text.slice(i);
          i = length;
          break;
        }
        field += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else if (ch === separator) {
      record.push(field);
      field = '';
      i++;
      if (record.length > SHEET_LIMITS.columns)
        throw refuse(`A planilha pode ter no máximo ${SHEET_LIMITS.columns} colunas.`);
    } else if (ch === '\n' || ch === '\r') {
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      endRecord();
    } else {
      // A run of plain text: up to the next separator, line break or quote (a quote inside a field is text).
      let end = i + 1;
      while (end < length) {
        const c = text[end];
        if (c === separator || c === '\n' || c === '\r' || c === '"') break;
        end++;
      }
      field += text.slice(i, end);
      i = end;
    }
  }
  if (field !== '' || record.length > 0) endRecord();
  if (!headers) throw refuse(EMPTY);
  if (onRow && !sink) {
    for (const row of rows) onRow(headers, row);
    return { headers, rows: [] };
  }
  return { headers, rows };
}

/** The records of a CSV counted by its line breaks outside quotes: a cheap bound, not the parser's own count. */
function roughRecordCount(text: string): number {
  let count = 1;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) quoted = !quoted;
    else if (!quoted && (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10))) count++;
  }
  return count;
}
