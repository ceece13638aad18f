// Dashboard colours; the report cards themselves come from the report registry (reports/).

/** Card colours: a fixed list, picked per report so the page does not reshuffle on every visit. */
// Each dark enough for white text (contrast of at least 4.5:1).
export const CARD_COLOURS = [
  '#1565C0',
  '#2E7D32',
  '#6A1B9A',
  '#C62828',
  '#B45309',
  '#00838F',
  '#4527A0',
  '#AD1457',
  '#33691E',
  '#283593',
  '#B23C17',
  '#00695C',
  '#5D4037',
];

/** Chart colours, a fixed list too. */
export const CHART_COLOURS = ['#1E88E5', '#43A047', '#FB8C00', '#8E24AA', '#E53935', '#00ACC1', '#3949AB', '#7CB342'];

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** `2026-03` → `mar/2026`. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${MONTHS[Number(m[2]) - 1]}/${m[1]}` : month;
}
