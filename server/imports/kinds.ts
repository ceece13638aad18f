/**
 * The kinds, their labels and the write permission each needs come from resources/import-kinds.ts, the one list
 * the screen and the server share; the server adds only what the screen never needs.
 */
export {
  IMPORT_KINDS,
  IMPORT_KIND_NAMES,
  isImportKind,
  LEGACY_KIND,
  type ImportKind,
} from '../../resources/import-kinds';

/** The permission `imports.run` itself (resources/permissions.ts). */
export const IMPORTS_RUN = 'imports.run';

/** What an import's row may hold in `status`. */
export const IMPORT_STATUSES = ['preview', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
