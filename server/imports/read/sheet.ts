/** A spreadsheet's first sheet as the import reads it: the header row and the data rows by their line. */
export interface SheetRows {
  headers: unknown[];
  /** Rows with at least one value, with the line a spreadsheet shows for them (the header's is 1 when first). */
  rows: { line: number; cells: unknown[] }[];
}

/**
 * Where a reader hands each data row as it reads it, with the header, when the caller keeps no whole sheet (the
 * import's packed read, packed.ts): the rows are then not in `SheetRows.rows`.
 */
export type RowSink = (headers: unknown[], row: SheetRows['rows'][number]) => void;
