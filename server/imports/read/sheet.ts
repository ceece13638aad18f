/** A spreadsheet's first sheet as the import reads it: the header row and the data rows by their line. */
export interface SheetRows {
  headers: unknown[];
  /** Rows with at least one value, with the line a spreadsheet shows for them (the header's is 1 when first). */
  rows: { line: number; cells: unknown[] }[];
}
