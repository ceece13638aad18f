/** Numbers as a Brazilian family reads them: a comma for decimals (money is src/format.ts' formatBRL). */

/** A grade or an average: 7.5 → "7,5", 10 → "10,0"; null (not given yet) → "—". */
export function gradeText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(1).replace('.', ',');
}

/** A frequency in percent: 87.5 → "87,5%"; null (no lesson recorded) → "—". */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toFixed(1).replace('.', ',')}%`;
}
