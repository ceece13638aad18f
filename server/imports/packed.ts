import type { KindSpec } from './columns';
import { parseSheet, type ParsedRow, type ParsedSheet } from './parse';
import type { RowSink, SheetRows } from './read/sheet';
import type { ImportProblem } from './record';

/** Rows a slice holds: what a preview matches per look-up, and well above a run's chunk. */
export const PACKED_SLICE = 500;

/**
 * A checked file held as JSON text, PACKED_SLICE rows a slice, each slice decoded only while it is worked on (issue
 * 37): 40,000 rows as objects were ~100 MB of the server's heap, cloned from the worker thread in one stretch that held
 * the event loop for hundreds of milliseconds; as text they are a fifth of it, copied in a few.
 */
export interface PackedSheet {
  slices: string[];
  total: number;
  problems: ImportProblem[];
  warnings: string[];
}

/** A parsed sheet packed. */
export function packSheet(sheet: ParsedSheet): PackedSheet {
  const slices: string[] = [];
  for (let i = 0; i < sheet.rows.length; i += PACKED_SLICE)
    slices.push(JSON.stringify(sheet.rows.slice(i, i + PACKED_SLICE)));
  return { slices, total: sheet.rows.length, problems: sheet.problems, warnings: sheet.warnings };
}

/**
 * A sheet parsed and packed a slice at a time as its reader hands the rows over (in the worker thread; `row` is the
 * reader's RowSink, read/sheet.ts): the rows of one slice are objects at a time, never the whole file's — neither its
 * cells nor its parsed values — so the thread's heap (96 MB, server/workers/pool.ts) does not fill with a file of
 * 50,000 rows and spend its time collecting. The header is checked with the first slice; a refusal of it (a
 * missing column) is kept until the reader has ended, so that a file the reader refuses (too many rows) is refused
 * for that, as when the whole file was read before it was parsed.
 */
export function sheetPacker(spec: KindSpec) {
  let headers: unknown[] = [];
  let pending: SheetRows['rows'] = [];
  let packed: PackedSheet | undefined;
  let refused: unknown;
  const flush = () => {
    const rows = pending;
    pending = [];
    if (refused) return;
    let part: ParsedSheet;
    try {
      part = parseSheet(spec, { headers, rows });
    } catch (error) {
      refused = error;
      return;
    }
    packed ??= { slices: [], total: 0, problems: [], warnings: part.warnings };
    if (part.rows.length) packed.slices.push(JSON.stringify(part.rows));
    packed.problems.push(...part.problems);
    packed.total += part.rows.length;
  };
  return {
    row: ((header, row) => {
      headers = header;
      pending.push(row);
      if (pending.length === PACKED_SLICE) flush();
    }) satisfies RowSink,
    /** The packed sheet once the reader has ended, with its header (a sheet without data rows is checked too). */
    end(sheet: SheetRows): PackedSheet {
      headers = sheet.headers;
      if (pending.length || !packed) flush();
      if (refused) throw refused;
      return packed!;
    },
  };
}

export const unpack = (slice: string): ParsedRow[] => JSON.parse(slice) as ParsedRow[];

/** Rows `start` to `end` (exclusive), decoding only their slices; the last slice decoded is kept for the next call. */
export function rowReader(sheet: PackedSheet): (start: number, end: number) => ParsedRow[] {
  let kept: { index: number; rows: ParsedRow[] } | undefined;
  const slice = (index: number) => {
    if (kept?.index !== index) kept = { index, rows: unpack(sheet.slices[index]) };
    return kept.rows;
  };
  return (start, end) => {
    const out: ParsedRow[] = [];
    for (let at = start; at < Math.min(end, sheet.total);) {
      const index = Math.floor(at / PACKED_SLICE);
      const rows = slice(index);
      const from = at - index * PACKED_SLICE;
      const taken = rows.slice(from, from + (end - at));
      out.push(...taken);
      at += taken.length;
    }
    return out;
  };
}
