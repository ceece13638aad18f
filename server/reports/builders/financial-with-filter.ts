import { fileReports } from '../../../reports/index';
import { formatDate, formatDateTime, schoolDayOf } from '../../../resources/format';
import type { AmountDue } from '../../finance/amount-due';
import { amountsDueOn } from '../../finance/amount-due-of';
import { loadSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { rowPages } from '../cursor';
import { financialQuery, orderOf, type FinancialRow } from '../financial-query';
import { filterLines } from '../filter-lines';
import { checkRanges } from '../ranges';
import { chargesLine, type Charges, type Totals } from './financial-layout';

const REPORT = fileReports.find((r) => r.key === 'financial-with-filter')!;

/**
 * The charges of every filter of the form (spec §3), in the chosen order, as a spreadsheet or a PDF. Rows
 * are read through a database cursor and written one by one: a million charges never sit in memory.
 */
export const financialWithFilter: ReportBuilder = async ({ db, now }, params, out, format) => {
  checkRanges(params, [
    { from: 'start_date', to: 'end_date', fromLabel: 'Vencimento de', toLabel: 'Vencimento até' },
    { from: 'initial_value', to: 'final_value', fromLabel: 'Valor de', toLabel: 'Valor até' },
    { from: 'start_created_at', to: 'end_created_at', fromLabel: 'Criado de', toLabel: 'Criado até' },
    { from: 'start_pay_day', to: 'end_pay_day', fromLabel: 'Pago de', toLabel: 'Pago até' },
  ]);
  const order = orderOf(params);
  const query = financialQuery(db, params);
  const school = await loadSettings(db);
  const today = schoolDayOf(now);
  const lines = [
    ...(await filterLines(db, REPORT, params, ['_field_order', '_direction', 'type_print'])),
    `Ordenado por: ${order.label} (${order.direction === 'asc' ? 'crescente' : 'decrescente'})`,
    chargesLine(formatDate(today)),
    `Gerado em: ${formatDateTime(now)}`,
  ];
  // Each file's library (pdfkit or exceljs) is loaded only when that file is asked for.
  const writer =
    format === 'pdf'
      ? (await import('./financial-pdf')).pdfWriter(out, school, lines, now)
      : await (await import('./financial-xlsx')).xlsxWriter(db, out, lines);
  const dueToday = await amountsDueOn(db, today);
  const totals: Totals = { count: 0, cents: 0, paidCents: 0, paid: { fees: 0, total: 0 }, open: { fees: 0, total: 0 } };
  for await (const page of rowPages<FinancialRow>(db, query)) {
    for (const row of page) {
      const cents = Number(row.value_cents);
      const paid = Number(row.paid) !== 0;
      const charges = paid ? paidCharges(row) : openCharges(dueToday(row));
      const sums = paid ? totals.paid : totals.open;
      totals.count += 1;
      totals.cents += cents;
      if (paid) totals.paidCents += cents;
      sums.fees += charges.fees;
      sums.total += charges.total;
      writer.row(row, paid ? 'Pago' : row.due_date < today ? 'Vencido' : 'Em aberto', charges);
    }
    await writer.drain();
  }
  await writer.end(totals);
};

const openCharges = (due: AmountDue): Charges => ({ fees: due.fine + due.interest, total: due.total });

/** What a paid charge recorded it paid; one settled before the parts were recorded paid its face value. */
function paidCharges(row: FinancialRow): Charges {
  if (row.paid_total_cents === null) return { fees: 0, total: Number(row.value_cents) };
  return {
    fees: Number(row.paid_fine_cents ?? 0) + Number(row.paid_interest_cents ?? 0),
    total: Number(row.paid_total_cents),
  };
}
