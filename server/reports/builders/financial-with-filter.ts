import type { Writable } from 'node:stream';
import { fileReports } from '../../../reports/index';
import { formatBRL, formatDate, formatDateTime, registrationNumber, schoolDayOf } from '../../../resources/format';
import { drawLetterhead } from '../../pdf/letterhead';
import { drainPdf, finishPdf, PdfTable, reportPdf } from '../../pdf/stream-table';
import { loadSettings, type SchoolSettings } from '../../school/routes';
import type { ReportBuilder } from '../builder';
import { rowPages } from '../cursor';
import { financialQuery, orderOf, type FinancialRow } from '../financial-query';
import { filterLines } from '../filter-lines';
import { checkRanges } from '../ranges';
import { BRL_FORMAT, DATE_FORMAT, dateCell, reportSheet, streamingWorkbook } from '../xlsx';

const REPORT = fileReports.find((r) => r.key === 'financial-with-filter')!;
const TITLE = 'RELATÓRIO FINANCEIRO';

/** Paid, or open, or overdue (open and due before today, in the school's calendar). */
type Status = 'Pago' | 'Em aberto' | 'Vencido';
const STATUS_COLOR: Record<Status, string | null> = { Pago: '2E7D32', 'Em aberto': null, Vencido: 'C62828' };

interface Totals {
  count: number;
  cents: number;
  paidCents: number;
}

/** Where the rows go: a spreadsheet or a PDF, each written as the rows arrive. */
interface RowWriter {
  row(row: FinancialRow, status: Status): void;
  /** Lets the file catch up with the disk before more rows are read. */
  drain(): Promise<void>;
  end(totals: Totals): Promise<void>;
}

const COLUMNS = [
  { header: 'Código', width: 9, pdf: 0.045 },
  { header: 'Matrícula', width: 11, pdf: 0.055 },
  { header: 'Aluno', width: 36, pdf: 0.14 },
  { header: 'Turma', width: 24, pdf: 0.1 },
  { header: 'Serviço', width: 18, pdf: 0.075 },
  { header: 'Parcela', width: 8, pdf: 0.04 },
  { header: 'Vencimento', width: 12, pdf: 0.06, numFmt: DATE_FORMAT },
  { header: 'Valor', width: 14, pdf: 0.07, numFmt: BRL_FORMAT },
  { header: 'Situação', width: 11, pdf: 0.055 },
  { header: 'Pagamento', width: 12, pdf: 0.06, numFmt: DATE_FORMAT },
  { header: 'Forma de pagamento', width: 18, pdf: 0.07 },
  { header: 'Criado por', width: 20, pdf: 0.07 },
  { header: 'Observações', width: 40, pdf: 0.16 },
];

const plural = (n: number) => `${n} ${n === 1 ? 'cobrança' : 'cobranças'}`;

const BACKLOG_LIMIT = 1024 * 1024;

/**
 * Bytes of sheet XML written by exceljs but not yet taken by the zip: the streams its sheet stream is
 * piped into (exceljs 4's streaming writer; 0 if that shape ever changes, and then only the disk's
 * backpressure is awaited).
 */
function zipBacklog(sheet: object): number {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  if (!Array.isArray(pipes)) return 0;
  // The zip's PassThrough comes from readable-stream 2, which has no `writableLength`: read its states.
  type Pipe = { _writableState?: { length?: number }; _readableState?: { length?: number } };
  return pipes.reduce((sum: number, p: Pipe) => sum + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
}

async function xlsxWriter(db: Parameters<ReportBuilder>[0]['db'], out: Writable, lines: string[]): Promise<RowWriter> {
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(db, workbook, 'Financeiro', { title: TITLE, lines }, COLUMNS, 'landscape');
  return {
    row(r, status) {
      const row = sheet.addRow([Number(r.id), registrationNumber(r.registration_id), r.student, r.team, r.service ?? '', Number(r.quota), dateCell(r.due_date), Number(r.value_cents) / 100, status, dateCell(r.pay_day), r.payment_type ?? '', r.created_by ?? '', r.observations ?? '']);
      const color = STATUS_COLOR[status];
      if (color) row.getCell(9).font = { color: { argb: `FF${color}` }, bold: true };
      row.commit();
    },
    async drain() {
      // exceljs hands rows to the zip without backpressure, and reading SQLite never waits for I/O: without
      // this wait the whole file would pile up in memory before zlib and the disk took the first bytes.
      await new Promise((resolve) => setImmediate(resolve));
      while (zipBacklog(sheet) > BACKLOG_LIMIT || out.writableNeedDrain) await new Promise((resolve) => setTimeout(resolve, 1));
    },
    async end(t) {
      const total = (label: string, cents: number, note = '') => {
        const row = sheet.addRow([label, note, '', '', '', '', null, cents / 100]);
        row.font = { bold: true };
        row.getCell(8).numFmt = BRL_FORMAT;
        row.commit();
      };
      total('TOTAL', t.cents, plural(t.count));
      total('Total pago', t.paidCents);
      total('Total em aberto', t.cents - t.paidCents);
      sheet.commit();
      await workbook.commit();
    },
  };
}

function pdfWriter(out: Writable, school: SchoolSettings, lines: string[], now: Date): RowWriter {
  const doc = reportPdf(out, { title: 'Relatório financeiro', author: school.school_name, landscape: true, footer: `Relatório financeiro — gerado em ${formatDateTime(now)}` });
  drawLetterhead(doc, school);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(13).text(TITLE, { width, align: 'center' });
  doc.font('Helvetica').fontSize(8).text(lines.join('  •  '), { width, align: 'center' }).moveDown(0.6);
  const table = new PdfTable(doc, COLUMNS.map((c) => ({ title: c.header, width: c.pdf, align: c.numFmt === BRL_FORMAT ? ('right' as const) : undefined })), { fontSize: 7 });
  table.header();
  return {
    row(r, status) {
      const color = STATUS_COLOR[status];
      table.row(
        [String(r.id), registrationNumber(r.registration_id), r.student, r.team, r.service ?? '', String(r.quota), formatDate(r.due_date), formatBRL(r.value_cents), status, formatDate(r.pay_day), r.payment_type ?? '', r.created_by ?? '', r.observations ?? ''],
        color ? { color: COLUMNS.map((_, i) => (i === 8 ? `#${color}` : null)) } : {},
      );
    },
    drain: () => drainPdf(doc, out),
    async end(t) {
      table.band(`Total: ${formatBRL(t.cents)} (${plural(t.count)}) — pago: ${formatBRL(t.paidCents)} — em aberto: ${formatBRL(t.cents - t.paidCents)}`, { bold: true, align: 'right', fill: '#e8eef7' });
      await finishPdf(doc, out);
    },
  };
}

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
  const lines = [
    ...(await filterLines(db, REPORT, params, ['_field_order', '_direction', 'type_print'])),
    `Ordenado por: ${order.label} (${order.direction === 'asc' ? 'crescente' : 'decrescente'})`,
    `Gerado em: ${formatDateTime(now)}`,
  ];
  const writer = format === 'pdf' ? pdfWriter(out, school, lines, now) : await xlsxWriter(db, out, lines);
  const today = schoolDayOf(now);
  const totals: Totals = { count: 0, cents: 0, paidCents: 0 };
  for await (const page of rowPages<FinancialRow>(db, query)) {
    for (const row of page) {
      const cents = Number(row.value_cents);
      const paid = Number(row.paid) !== 0;
      totals.count += 1;
      totals.cents += cents;
      if (paid) totals.paidCents += cents;
      writer.row(row, paid ? 'Pago' : row.due_date < today ? 'Vencido' : 'Em aberto');
    }
    await writer.drain();
  }
  await writer.end(totals);
};
