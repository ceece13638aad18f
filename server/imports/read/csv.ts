import { EMPTY, NOT_A_SHEET, refuse, SHEET_LIMITS, TOO_MANY_ROWS } from './limits';
import type { SheetRows } from './sheet';

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
 */
export function readCsv(bytes: Uint8Array): SheetRows {
  const bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!bom && !looksLikeText(bytes)) throw refuse(NOT_A_SHEET);
  const text = decodeText(bytes);
  const separator = detectSeparator(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let dataRows = 0;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (record.some((v) => v.trim() !== '')) {
      if (records.length > 0 && ++dataRows > SHEET_LIMITS.dataRows) throw refuse(TOO_MANY_ROWS);
    }
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === separator) {
      record.push(field);
      field = '';
      if (record.length > SHEET_LIMITS.columns)
        throw refuse(`A planilha pode ter no máximo ${SHEET_LIMITS.columns} colunas.`);
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  if (field !== '' || record.length > 0) endRecord();
  const headerAt = records.findIndex((r) => r.some((v) => v.trim() !== ''));
  if (headerAt < 0) throw refuse(EMPTY);
  return {
    headers: records[headerAt],
    rows: records
      .map((cells, i) => ({ line: i + 1, cells: cells as unknown[] }))
      .slice(headerAt + 1)
      .filter((r) => r.cells.some((v) => String(v).trim() !== '')),
  };
}
