import type { FinancialRow } from '../financial-query';
import { BRL_FORMAT, DATE_FORMAT } from '../xlsx-formats';

/*
 * What the filtered financial report's two files share: columns, status colours, totals. The spreadsheet
 * (financial-xlsx.ts) and the PDF (financial-pdf.ts) each load only their own library in the worker.
 */

export const TITLE = 'RELATÓRIO FINANCEIRO';

/** Paid, or open, or overdue (open and due before today, in the school's calendar). */
export type Status = 'Pago' | 'Em aberto' | 'Vencido';
export const STATUS_COLOR: Record<Status, string | null> = { Pago: '2E7D32', 'Em aberto': null, Vencido: 'C62828' };

/** Per charge, in centavos: fine and interest (to date if open, as paid if paid) and the total (today's, or paid). */
export interface Charges {
  fees: number;
  total: number;
}

export interface Totals {
  count: number;
  /** Face values: of every charge, of the paid ones. */
  cents: number;
  paidCents: number;
  /** Fine and interest, and totals, of the paid charges (as paid) and of the open ones (to date). */
  paid: Charges;
  open: Charges;
}

/** Where the rows go: a spreadsheet or a PDF, each written as the rows arrive. */
export interface RowWriter {
  row(row: FinancialRow, status: Status, charges: Charges): void;
  /** Lets the file catch up with the disk before more rows are read. */
  drain(): Promise<void>;
  end(totals: Totals): Promise<void>;
}

export const COLUMNS = [
  { header: 'Código', width: 9, pdf: 0.045 },
  { header: 'Matrícula', width: 11, pdf: 0.055 },
  { header: 'Aluno', width: 36, pdf: 0.12 },
  { header: 'Turma', width: 24, pdf: 0.09 },
  { header: 'Serviço', width: 18, pdf: 0.065 },
  { header: 'Parcela', width: 8, pdf: 0.04 },
  { header: 'Vencimento', width: 12, pdf: 0.06, numFmt: DATE_FORMAT },
  { header: 'Valor', width: 14, pdf: 0.065, numFmt: BRL_FORMAT },
  { header: 'Multa e juros', width: 14, pdf: 0.06, numFmt: BRL_FORMAT },
  { header: 'Total', width: 14, pdf: 0.065, numFmt: BRL_FORMAT },
  { header: 'Situação', width: 11, pdf: 0.055 },
  { header: 'Pagamento', width: 12, pdf: 0.06, numFmt: DATE_FORMAT },
  { header: 'Forma de pagamento', width: 18, pdf: 0.065 },
  { header: 'Criado por', width: 20, pdf: 0.065 },
  { header: 'Observações', width: 40, pdf: 0.09 },
];
/** 1-based, as spreadsheets count columns. */
export const STATUS_COLUMN = COLUMNS.findIndex((c) => c.header === 'Situação') + 1;
export const VALUE_COLUMN = COLUMNS.findIndex((c) => c.header === 'Valor') + 1;

/** The line under the title that says what the two money columns after the value hold. */
export const chargesLine = (today: string) =>
  `Multa e juros: até ${today} nas cobranças em aberto, o que foi pago nas pagas. ` +
  'Total: o valor a pagar hoje (com descontos, multa e juros), ou o valor pago.';

export const plural = (n: number) => `${n} ${n === 1 ? 'cobrança' : 'cobranças'}`;
