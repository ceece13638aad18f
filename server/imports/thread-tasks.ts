import { ApiError } from '../http/errors';
import { specOf } from './columns';
import type { ImportKind } from './kinds';
import { parseSheet, type ParsedSheet } from './parse';
import { readSheet } from './read/index';
import { buildTemplate, type TemplateLists } from './template';

export type ImportThreadTask =
  | { kind: 'import-read'; importKind: ImportKind; bytes: Uint8Array }
  | { kind: 'import-template'; importKind: ImportKind; format: 'xlsx' | 'csv'; lists: TemplateLists };

export type ImportThreadResult =
  | { parsed: ParsedSheet }
  | { bytes: Uint8Array }
  | { failure: { statusCode: number; message: string; errors?: Record<string, string[]> } };

/** What a worker thread does for the imports: read and check a file, or draw a template. */
export async function runImportTask(task: ImportThreadTask): Promise<ImportThreadResult> {
  const spec = specOf(task.importKind);
  if (!spec) return { failure: { statusCode: 422, message: 'Este tipo de importação ainda não está disponível.' } };
  try {
    if (task.kind === 'import-template') return { bytes: await buildTemplate(spec, task.format, task.lists) };
    return { parsed: parseSheet(spec, await readSheet(task.bytes)) };
  } catch (error) {
    if (error instanceof ApiError)
      return { failure: { statusCode: error.statusCode, message: error.message, errors: error.errors } };
    throw error;
  }
}
