import { headerKey } from '../../resources/sheet-values';
import type { JobContext } from '../jobs/runner';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/errors';
import type { Storage } from '../storage/storage';
import { runInWorker } from '../workers/pool';
import { specOf } from './columns';
import { knownFor } from './known';
import type { ImportKind } from './kinds';
import { PACKED_SLICE, rowReader, unpack, type PackedSheet } from './packed';
import type { ParsedRow, ParsedSheet } from './parse';
import { importRow, keptErrors, NO_COUNTS, updateImport, type ImportCounts, type ImportProblem } from './record';
import { resolveSchoolRows } from './resolve-school';
import { flushKnown } from './flush';
import type { ImportThreadResult } from './thread-tasks';
import { WRITERS, type Outcome } from './writers';

/** Rows written per transaction at first: each chunk and the progress that counts it commit together. */
export const CHUNK = 100;

/**
 * How long a chunk may hold the event loop: on SQLite a transaction's queries run without a turn for anything else
 * (`/api/health` included), so the chunk is resized after each one to stay near this — 10 rows for a student with
 * guardians on a loaded machine, a few hundred for charges.
 */
const CHUNK_MS = 40;
/** Rows per transaction on PostgreSQL after the first chunk (of CHUNK): a packed slice, decoded once. */
const PG_CHUNK = PACKED_SLICE;
const nextChunk = (size: number, ms: number) =>
  ms > CHUNK_MS * 1.5 ? Math.max(10, Math.floor(size / 2)) : ms < CHUNK_MS / 2 ? Math.min(500, size * 2) : size;

/**
 * Lets the event loop run what waits (a health check, another office's request) between slices: on SQLite every
 * query is synchronous, so a loop of awaited queries otherwise holds the loop until the whole file is done.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The job kind of a real run. */
export const IMPORT_JOB = 'imports.run';

/**
 * A file read and checked in a worker thread, packed (packed.ts); its refusal (a hostile file, a missing column) as
 * the 422 it is. `bytes` is handed over: the caller must not read it afterwards.
 */
export async function readPacked(kind: ImportKind, bytes: Uint8Array): Promise<PackedSheet> {
  // The file is moved to the thread, not copied (a 50,000-row file is MBs more of the server's RSS while it is read):
  // a view that does not own its whole buffer (a slice of Node's shared pool) is copied first, since moving it would
  // empty the buffers around it. The caller's `bytes` is empty afterwards.
  const owned =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
      ? bytes
      : new Uint8Array(bytes); // a copy: a Buffer's own slice() would be a view of the same pool
  const result = await runInWorker<ImportThreadResult>(
    { kind: 'import-read', importKind: kind, bytes: owned, packed: true },
    [owned.buffer as ArrayBuffer],
  );
  if ('failure' in result) throw new ApiError(result.failure.statusCode, result.failure.message, result.failure.errors);
  if (!('packed' in result)) throw new Error('resposta inesperada da leitura da planilha');
  return result.packed;
}

/**
 * A packed sheet's rows tied to what is stored (resolveNames), a slice at a time, packed again in the same list (the
 * sheet given is changed): the problems of the file and of the look-ups by line, and how many rows are still valid.
 */
export async function checkPacked(db: Db, kind: ImportKind, packed: PackedSheet): Promise<CheckedSheet> {
  const found: ImportProblem[] = [];
  // In place, slice by slice: the file's text is held once, not as the slices read and the slices checked together.
  const slices = packed.slices;
  let valid = 0;
  for (const [index, text] of slices.entries()) {
    const slice: ParsedSheet = { rows: unpack(text), problems: [], warnings: [] };
    await resolveNames(db, kind, slice);
    found.push(...slice.problems);
    valid += slice.rows.filter((r) => r.valid).length;
    slices[index] = JSON.stringify(slice.rows);
    await breathe();
  }
  // Stable: on one line, the file's own problems come before the look-ups', as when the whole file was checked at once.
  const problems = [...packed.problems, ...found].sort((a, b) => a.line - b.line);
  return { ...packed, slices, problems, valid };
}

/** The first `count` valid rows of a packed sheet (a dry run's preview). */
export function firstValid(packed: PackedSheet, count: number): ParsedRow[] {
  const out: ParsedRow[] = [];
  for (const text of packed.slices) {
    out.push(...unpack(text).filter((r) => r.valid));
    if (out.length >= count) break;
  }
  return out.slice(0, count);
}

/** The referenced rows named in the file (a team's polo and grid), found by name; an unknown name is a problem. */
export async function resolveNames(db: Db, kind: ImportKind, sheet: ParsedSheet): Promise<void> {
  const spec = specOf(kind)!;
  for (const column of spec.columns.filter((c) => c.byName)) {
    const target = column.byName!;
    const rows = await dynamic(db).selectFrom(target).select(['id', 'name']).execute();
    const ids = new Map<string, number[]>();
    for (const r of rows) ids.set(headerKey(r.name), [...(ids.get(headerKey(r.name)) ?? []), Number(r.id)]);
    for (const row of sheet.rows) {
      const name = row.names[column.field.name];
      if (name === undefined) continue;
      const found = ids.get(headerKey(name)) ?? [];
      if (found.length === 1) {
        row.values[column.group][column.field.name] = found[0];
        continue;
      }
      row.valid = false;
      sheet.problems.push({
        line: row.line,
        column: column.header,
        message:
          found.length === 0
            ? `${column.field.label} "${name.slice(0, 80)}" não encontrado(a).`
            : `Há mais de um(a) ${column.field.label} com o nome "${name.slice(0, 80)}".`,
      });
    }
  }
  await resolveSchoolRows(db, kind, sheet);
  sheet.problems.sort((a, b) => a.line - b.line);
}

const add = (counts: ImportCounts, outcome: Outcome) => ({ ...counts, [outcome]: counts[outcome] + 1 });

/** What a run would do, row by row, without writing: the counts of a preview. */
export async function previewCounts(db: Db, kind: ImportKind, sheet: PackedSheet): Promise<ImportCounts> {
  const write = WRITERS[kind]!;
  let counts: ImportCounts = { ...NO_COUNTS, total: sheet.total };
  for (const text of sheet.slices) {
    const slice = unpack(text);
    const known = await knownFor(db, kind, slice);
    for (const row of slice) {
      if (!row.valid) continue;
      counts = add({ ...counts, valid: counts.valid + 1 }, await write(db, row, { dryRun: true, known }));
    }
    await breathe();
  }
  return counts;
}

/** A checked file: its slices tied to what is stored, with its problems and how many rows are valid. */
export type CheckedSheet = PackedSheet & { valid: number };

/** How long an upload's checked file waits for its run in this process, and how many may wait. */
const HANDOFF_MS = 60_000;
const HANDOFFS = 2;
/** Per database (a process may serve several: the tests' instances), by import id. */
const handoffs = new WeakMap<Db, Map<number, { sheet: CheckedSheet; timer: NodeJS.Timeout }>>();

/**
 * The file an upload has just read and checked, handed to its run when this process's runner takes the job (within
 * HANDOFF_MS): the run does not read and check it a second time (issue 37: the worker thread's parse and the
 * look-ups of every slice, again, for each 40,000-row file). A run taken by another instance, resumed after a restart
 * or started later reads the stored file as before.
 */
export function handOver(db: Db, id: number, sheet: CheckedSheet): void {
  const waiting = handoffs.get(db) ?? new Map<number, { sheet: CheckedSheet; timer: NodeJS.Timeout }>();
  handoffs.set(db, waiting);
  const timer = setTimeout(() => waiting.delete(id), HANDOFF_MS).unref();
  waiting.set(id, { sheet, timer });
  for (const [older, entry] of waiting) {
    if (waiting.size <= HANDOFFS) break;
    clearTimeout(entry.timer);
    waiting.delete(older);
  }
}

function takeOver(db: Db, id: number): CheckedSheet | undefined {
  const entry = handoffs.get(db)?.get(id);
  if (!entry) return undefined;
  clearTimeout(entry.timer);
  handoffs.get(db)!.delete(id);
  return entry.sheet;
}

/**
 * A real run, in the job runner: the file read again (or handed over by its upload), then its valid rows written
 * CHUNK at a time, each chunk in one transaction with the progress (`done`) and the counts, so a server killed in
 * the middle leaves whole chunks only; the run taken over afterwards (the runner's lease) goes on from `done` and
 * says so (`resumed`).
 */
export async function runImport(db: Db, storage: Storage, id: number, ctx: JobContext): Promise<void> {
  const stored = await importRow(db, id);
  if (!stored || !['queued', 'running'].includes(String(stored.status))) return;
  const kind = String(stored.kind) as ImportKind;
  const resumed = String(stored.status) === 'running';
  const fileKey = String(stored.file_key);
  const handed = resumed ? undefined : takeOver(db, id);
  const bytes = handed ? undefined : await storage.get(fileKey);
  if (!handed && !bytes) {
    await finish(db, id, 'failed', [{ line: 0, column: '', message: 'O arquivo da importação não foi encontrado.' }]);
    return;
  }
  // The file (names, CPFs, a family's phone) is kept only while its run may still need it (LGPD): once the run has
  // ended, done or failed, it goes. A run that throws is tried again by the runner, and finds it.
  const ended = async (status: 'done' | 'failed', problems: ImportProblem[]) => {
    await finish(db, id, status, problems);
    await storage.delete(fileKey);
  };
  const sheet = handed ?? (await checkPacked(db, kind, await readPacked(kind, bytes!)));
  const invalid = sheet.total - sheet.valid;
  if (invalid > 0 && Number(stored.only_valid) !== 1) {
    await ended('failed', sheet.problems);
    return;
  }
  await updateImport(db, id, {
    status: 'running',
    total: sheet.total,
    valid: sheet.valid,
    ...(resumed ? { resumed: Number(stored.resumed) + 1 } : {}),
  });
  const userId = stored.created_by === null ? undefined : Number(stored.created_by);
  let size = CHUNK;
  const rows = rowReader(sheet);
  for (let next = Number(stored.done); next < sheet.total;) {
    if (ctx.signal.aborted) throw new Error('O servidor parou durante a importação; ela continua quando voltar.');
    const start = next;
    const chunk = rows(start, start + size);
    const began = performance.now();
    const written = await inChunk(ended, sheet.problems, chunk[0].line, () =>
      inTransaction(db, async (tx) => {
        const counts = await writeChunk(tx, kind, chunk, userId);
        await dynamic(tx)
          .updateTable('imports')
          .set((eb) => ({
            done: start + chunk.length,
            created: eb('created', '+', counts.created),
            updated: eb('updated', '+', counts.updated),
            unchanged: eb('unchanged', '+', counts.unchanged),
            updated_at: new Date().toISOString(),
          }))
          .where('id', '=', id)
          .execute();
      }),
    );
    if (!written) return;
    next = start + chunk.length;
    // PostgreSQL's queries wait on the network, with the loop free: only SQLite's chunk is sized by its time. There a
    // chunk ends where a packed slice ends (the first slice's rest, then whole slices): each chunk's dozen round trips
    // (look-ups, checks, insert, audit, progress, commit) were most of a run's time at 100 rows (120,000 charges:
    // 1,200 transactions).
    if (db.dialect === 'sqlite') size = nextChunk(size, performance.now() - began);
    else size = PG_CHUNK - (next % PG_CHUNK);
    await breathe();
  }
  await ended('done', sheet.problems);
}

/**
 * The valid rows of a chunk written in the caller's transaction: matched against what is stored (knownFor), the new
 * records of the chunk created together at its end (flush.ts). What it created, updated or left as it was.
 */
export async function writeChunk(
  tx: Db,
  kind: ImportKind,
  chunk: ParsedRow[],
  userId: number | undefined,
): Promise<ImportCounts> {
  const write = WRITERS[kind]!;
  const counts: ImportCounts = { ...NO_COUNTS };
  const known = await knownFor(tx, kind, chunk);
  for (const row of chunk) if (row.valid) counts[await write(tx, row, { dryRun: false, userId, known })]++;
  await flushKnown(tx, known, userId);
  return counts;
}

/**
 * A chunk refused by a rule the preview could not see (another office saved the same CPF meanwhile): the run stops
 * failed, naming it, with the chunks before it written (a rerun of the same file goes on from there).
 */
async function inChunk(
  end: (status: 'failed', problems: ImportProblem[]) => Promise<void>,
  problems: ImportProblem[],
  line: number,
  work: () => Promise<void>,
): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await end('failed', [
      ...problems,
      { line, column: '', message: `A gravação parou a partir desta linha: ${error.message}` },
    ]);
    return false;
  }
}

async function finish(db: Db, id: number, status: 'done' | 'failed', problems: ImportProblem[]): Promise<void> {
  const now = new Date().toISOString();
  await updateImport(db, id, { status, finished_at: now, ...keptErrors(problems) });
}
