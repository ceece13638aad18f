/**
 * What may be imported from a spreadsheet (issue 37), and the permission each needs besides `imports.run`: the
 * write permission of what it changes, so that an import never does what its caller could not do on screen.
 * A kind listed here without a reader in `specs.ts` yet is answered "not yet available" (422).
 */
export const IMPORT_KINDS = {
  students: { label: 'Alunos e responsáveis', permission: 'students.write' },
  teams: { label: 'Turmas', permission: 'teams.write' },
  enrolments: { label: 'Matrículas', permission: 'students.write' },
  charges: { label: 'Cobranças', permission: 'finance.write' },
  grades: { label: 'Notas', permission: 'grades.write' },
} as const;

export type ImportKind = keyof typeof IMPORT_KINDS;

export const IMPORT_KIND_NAMES = Object.keys(IMPORT_KINDS) as ImportKind[];

export function isImportKind(value: unknown): value is ImportKind {
  return typeof value === 'string' && Object.hasOwn(IMPORT_KINDS, value);
}

/** The permission `imports.run` itself (resources/permissions.ts). */
export const IMPORTS_RUN = 'imports.run';

/** What an import's row may hold in `status`. */
export const IMPORT_STATUSES = ['preview', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
