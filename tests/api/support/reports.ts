import ExcelJS from 'exceljs';
import type { PerTest } from './per-test';

export interface Download {
  status: number;
  type: string | null;
  disposition: string | null;
  content: Buffer;
  /** The body as JSON, when it is JSON (checks, errors). */
  json?: { message?: string; error?: boolean; errors?: Record<string, string[]> };
}

/** A report as the admin's browser fetches it: the raw bytes and the headers that name the file. */
export async function download(fresh: PerTest, path: string): Promise<Download> {
  const response = await fetch(`${fresh.server.url}${path}`, { headers: { authorization: `Bearer ${fresh.token}` } });
  const content = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return {
    status: response.status,
    type,
    disposition: response.headers.get('content-disposition'),
    content,
    json: type?.startsWith('application/json') ? JSON.parse(content.toString('utf8')) : undefined,
  };
}

/** The file name a browser saves the download under (the UTF-8 `filename*` when given). */
export function savedName(disposition: string | null): string | undefined {
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '');
  if (utf8) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
}

/** A workbook read back as a spreadsheet program would open it. */
export async function readWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as plain values (index 0 is column A), header rows included. */
export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values = row.values as unknown[];
    rows[n - 1] = values
      .slice(1)
      .map((v) => (v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v));
  });
  return Array.from(rows, (r) => r ?? []);
}
