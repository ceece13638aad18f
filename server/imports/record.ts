import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import type { ImportKind, ImportStatus } from './kinds';

/** One problem of a file, by spreadsheet line (the header is line 1) and column header. */
export interface ImportProblem {
  line: number;
  column: string;
  message: string;
}

/** How many problems an import keeps; `error_count` says how many there were in all. */
export const MAX_KEPT_ERRORS = 500;

/** The counts of a preview or a run. */
export interface ImportCounts {
  total: number;
  valid: number;
  created: number;
  updated: number;
  unchanged: number;
}

export const NO_COUNTS: ImportCounts = { total: 0, valid: 0, created: 0, updated: 0, unchanged: 0 };

/** An import as the API answers it (`POST /imports`, `GET /imports/{id}`, the list). */
export interface ImportView extends ImportCounts {
  id: number;
  kind: string;
  status: ImportStatus;
  done: number;
  errors: ImportProblem[];
  /** How many problems there were beyond the ones listed. */
  more_errors: number;
  warnings: string[];
  dry_run: boolean;
  only_valid: boolean;
  file_name: string | null;
  /** How many times a run went on after its server stopped in the middle. */
  resumed: number;
  created_by: { id: number; name: string } | null;
  created_at: string;
  finished_at: string | null;
  /** A run from the previous system: per entity, `{created, updated, unchanged}` (server/imports/legacy). */
  counts?: Record<string, { created: number; updated: number; unchanged: number }>;
  /** A dry run's first valid rows as they will be stored (preview.ts); only in `POST /imports`'s answer. */
  preview?: { columns: string[]; rows: string[][] };
}

const instant = (value: unknown) => (value === null || value === undefined ? null : String(value));

function parsedList<T>(text: unknown): T[] {
  try {
    const value: unknown = JSON.parse(String(text ?? '[]'));
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function viewOf(row: Record<string, unknown>): ImportView {
  const errors = parsedList<ImportProblem>(row.errors);
  const count = Number(row.error_count ?? errors.length);
  return {
    id: Number(row.id),
    kind: String(row.kind),
    status: String(row.status) as ImportStatus,
    total: Number(row.total),
    done: Number(row.done),
    valid: Number(row.valid),
    created: Number(row.created),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    errors,
    more_errors: Math.max(0, count - errors.length),
    warnings: parsedList<string>(row.warnings),
    dry_run: Number(row.dry_run) === 1,
    only_valid: Number(row.only_valid) === 1,
    file_name: (row.file_name as string | null) ?? null,
    resumed: Number(row.resumed ?? 0),
    created_by:
      row.created_by === null || row.created_by === undefined
        ? null
        : { id: Number(row.created_by), name: String(row.created_by_name ?? 'Usuário removido') },
    created_at: String(instant(row.created_at)),
    finished_at: instant(row.finished_at),
    ...(row.counts ? { counts: parsedCounts(row.counts) } : {}),
  };
}

function parsedCounts(text: unknown): ImportView['counts'] {
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ImportView['counts']) : {};
  } catch {
    return {};
  }
}

/** The problems as stored: the first MAX_KEPT_ERRORS, and how many in all. */
export function keptErrors(problems: ImportProblem[]): { errors: string; error_count: number } {
  return { errors: JSON.stringify(problems.slice(0, MAX_KEPT_ERRORS)), error_count: problems.length };
}

export interface NewImport {
  kind: ImportKind;
  status: ImportStatus;
  dryRun: boolean;
  onlyValid: boolean;
  fileKey?: string | null;
  fileName?: string | null;
  counts?: ImportCounts;
  problems?: ImportProblem[];
  warnings?: string[];
  userId?: number;
}

export async function createImport(db: Db, record: NewImport): Promise<number> {
  const now = new Date().toISOString();
  const counts = record.counts ?? NO_COUNTS;
  const finished = record.status === 'preview' || record.status === 'failed' || record.status === 'done';
  const row = await dynamic(db)
    .insertInto('imports')
    .values({
      kind: record.kind,
      status: record.status,
      file_key: record.fileKey ?? null,
      file_name: record.fileName ?? null,
      dry_run: record.dryRun ? 1 : 0,
      only_valid: record.onlyValid ? 1 : 0,
      ...counts,
      done: 0,
      ...keptErrors(record.problems ?? []),
      warnings: JSON.stringify(record.warnings ?? []),
      created_by: record.userId ?? null,
      created_at: now,
      updated_at: now,
      finished_at: finished ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes an import's row (a status, counts, progress). */
export async function updateImport(db: Db, id: number, changes: Record<string, unknown>): Promise<void> {
  await dynamic(db)
    .updateTable('imports')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

function withUser(db: Db) {
  return dynamic(db)
    .selectFrom('imports')
    .leftJoin('users', 'users.id', 'imports.created_by')
    .selectAll('imports')
    .select(sql<string>`users.name`.as('created_by_name'));
}

export async function findImport(db: Db, id: number): Promise<ImportView | undefined> {
  const row = await withUser(db).where('imports.id', '=', id).executeTakeFirst();
  return row ? viewOf(row) : undefined;
}

/** The raw row, for the job that runs it (its file key). */
export async function importRow(db: Db, id: number): Promise<Record<string, unknown> | undefined> {
  return dynamic(db).selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export const SORTABLE = ['id', 'kind', 'status', 'total', 'created_at', 'finished_at'];

export async function listImports(
  db: Db,
  options: { page: number; perPage: number; sortBy: string; desc: boolean; kind?: string },
): Promise<{ rows: ImportView[]; total: number }> {
  const k = dynamic(db);
  let count = k.selectFrom('imports');
  if (options.kind) count = count.where('kind', '=', options.kind);
  const total = await count.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  let rows = withUser(db)
    .orderBy(`imports.${options.sortBy}`, options.desc ? 'desc' : 'asc')
    .orderBy('imports.id', 'desc');
  if (options.kind) rows = rows.where('imports.kind', '=', options.kind);
  if (options.page > 0) rows = rows.limit(options.perPage).offset((options.page - 1) * options.perPage);
  return { rows: (await rows.execute()).map(viewOf), total: Number((total as { total: unknown }).total) };
}
