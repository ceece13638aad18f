/**
 * The answer of GET /indicators/receivables (server/indicators/receivables.ts) as the FINANCEIRO dashboard reads
 * it, and the link from each figure to the charges behind it: the filtered financial report, its form filled in.
 */

import type { ChargeFilter, DefaultMonth, Figure, Receivables } from '../../resources/receivables';

export type { ChargeFilter, Figure, Receivables };

/** The report whose form lists charges by due date, pay day, situation and team (reports/index.ts). */
export const CHARGES_REPORT = 'relatorio-financeiro-com-filtro';

/** The address of the financial report's form filled with a figure's filter (src/reports/values.ts reads it). */
export function chargesLink(filter: ChargeFilter, teamName?: string): string {
  const params = new URLSearchParams();
  if (filter.due_from) params.set('start_date', filter.due_from);
  if (filter.due_to) params.set('end_date', filter.due_to);
  if (filter.pay_from) params.set('start_pay_day', filter.pay_from);
  if (filter.pay_to) params.set('end_pay_day', filter.pay_to);
  if (filter.paid !== undefined) params.set('paid', String(filter.paid));
  if (filter.team_id !== undefined) {
    params.set('team', String(filter.team_id));
    if (teamName) params.set('team_name', teamName);
  }
  return `/admin/reports/${CHARGES_REPORT}?${params.toString()}`;
}

/** 0.1234 → "12,3%"; null (nothing fell due) → "—". */
export function ratePercent(rate: number | null): string {
  if (rate === null) return '—';
  return `${(rate * 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** The rate over several months together: what was late over what fell due. */
export function overallRate(months: DefaultMonth[]): number | null {
  const due = months.reduce((s, m) => s + m.due_total, 0);
  const late = months.reduce((s, m) => s + m.late_total, 0);
  return due > 0 ? late / due : null;
}
