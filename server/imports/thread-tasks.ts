import { ApiError } from '../http/errors';
import { specOf } from './columns';
import type { ImportKind } from './kinds';
import { sheetPacker, type PackedSheet } from './packed';
import { parseSheet, type ParsedSheet } from './parse';
import { readSheet, type SheetRows } from './read/index';
import type { ImportProblem } from './record';
import type { TemplateLists } from './template';

export type ImportThreadTask =
  /** `keepCells`: the raw rows come back too (for the file with the "Erro" column). */
  | { kind: 'import-read'; importKind: ImportKind; bytes: Uint8Array; keepCells?: boolean; packed?: boolean }
  | { kind: 'import-annotate'; importKind: ImportKind; sheet: SheetRows; problems: ImportProblem[] }
  | { kind: 'import-template'; importKind: ImportKind; format: 'xlsx' | 'csv'; lists: TemplateLists };

export type ImportThreadResult =
  | { parsed: ParsedSheet; sheet?: SheetRows }
  | { packed: PackedSheet }
  | { bytes: Uint8Array }
  | { failure: { statusCode: number; message: string; errors?: Record<string, string[]> } };

/** What a worker thread does for the imports: read and check a file, draw a template or the file with its errors. */
export async function runImportTask(task: ImportThreadTask): Promise<ImportThreadResult> {
  const spec = specOf(task.importKind);
  if (!spec) return { failure: { statusCode: 422, message: 'Este tipo de importação ainda não está disponível.' } };
  try {
    // Each loaded on its first task: both bring exceljs, which a thread reading a CSV never needs.
    if (task.kind === 'import-template')
      return { bytes: await (await import('./template')).buildTemplate(spec, task.format, task.lists) };
    if (task.kind === 'import-annotate')
      return { bytes: await (await import('./annotate')).annotatedXlsx(task.sheet, task.problems) };
    if (task.packed) {
      const packer = sheetPacker(spec);
      return { packed: packer.end(await readSheet(task.bytes, packer.row)) };
    }
    const sheet = await readSheet(task.bytes);
    return { parsed: parseSheet(spec, sheet), ...(task.keepCells ? { sheet } : {}) };
  } catch (error) {
    if (error instanceof ApiError)
      return { failure: { statusCode: error.statusCode, message: error.message, errors: error.errors } };
    throw error;
  }
}
