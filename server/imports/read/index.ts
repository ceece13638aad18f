import { ENCRYPTED, NOT_A_SHEET, refuse, SHEET_LIMITS, TOO_LARGE } from './limits';
import { readCsv } from './csv';
import type { RowSink, SheetRows } from './sheet';

export type { RowSink, SheetRows } from './sheet';

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * A spreadsheet's rows, whatever it is: XLSX by its zip signature, an OLE file (an encrypted XLSX or an old .xls)
 * refused, anything else read as CSV if it is text. Runs in a worker thread (server/workers), never on the loop.
 * With `onRow`, each data row is handed over as it is read and none is kept (read/sheet.ts).
 */
export async function readSheet(bytes: Uint8Array, onRow?: RowSink): Promise<SheetRows> {
  if (bytes.length > SHEET_LIMITS.uploadBytes) throw refuse(TOO_LARGE);
  if (bytes.length === 0) throw refuse(NOT_A_SHEET);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw refuse(ENCRYPTED);
  // exceljs is loaded only for an XLSX: a thread that reads a CSV does not carry it (~10 MB of heap, issue 37).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return (await import('./xlsx')).readXlsx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), onRow);
  // Other known binaries (PDF, images) are caught by looksLikeText; a PDF is text-like at its start, so it is named.
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw refuse(NOT_A_SHEET);
  return readCsv(bytes, onRow);
}
