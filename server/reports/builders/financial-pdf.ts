import type { Writable } from 'node:stream';
import { formatBRL, formatDate, formatDateTime, registrationNumber } from '../../../resources/format';
import { drawLetterhead } from '../../pdf/letterhead';
import { drainPdf, finishPdf, PdfTable, reportPdf } from '../../pdf/stream-table';
import type { SchoolSettings } from '../../school/routes';
import { BRL_FORMAT } from '../xlsx-formats';
import { COLUMNS, plural, STATUS_COLOR, STATUS_COLUMN, TITLE, type RowWriter } from './financial-layout';

export function pdfWriter(out: Writable, school: SchoolSettings, lines: string[], now: Date): RowWriter {
  const doc = reportPdf(out, {
    title: 'Relatório financeiro',
    author: school.school_name,
    landscape: true,
    footer: `Relatório financeiro — gerado em ${formatDateTime(now)}`,
  });
  drawLetterhead(doc, school);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(13).text(TITLE, { width, align: 'center' });
  doc.font('Helvetica').fontSize(8).text(lines.join('  •  '), { width, align: 'center' }).moveDown(0.6);
  const table = new PdfTable(
    doc,
    COLUMNS.map((c) => ({
      title: c.header,
      width: c.pdf,
      align: c.numFmt === BRL_FORMAT ? ('right' as const) : undefined,
    })),
    { fontSize: 7 },
  );
  table.header();
  return {
    row(r, status, charges) {
      const color = STATUS_COLOR[status];
      table.row(
        [
          String(r.id),
          registrationNumber(r.registration_id),
          r.student,
          r.team,
          r.service ?? '',
          String(r.quota),
          formatDate(r.due_date),
          formatBRL(r.value_cents),
          formatBRL(charges.fees),
          formatBRL(charges.total),
          status,
          formatDate(r.pay_day),
          r.payment_type ?? '',
          r.created_by ?? '',
          r.observations ?? '',
        ],
        color ? { color: COLUMNS.map((_, i) => (i === STATUS_COLUMN - 1 ? `#${color}` : null)) } : {},
      );
    },
    drain: () => drainPdf(doc, out),
    async end(t) {
      table.band(
        `Total: ${formatBRL(t.cents)} (${plural(t.count)}) — pago: ${formatBRL(t.paidCents)} ` +
          `(recebido, com multa e juros: ${formatBRL(t.paid.total)}) — em aberto: ${formatBRL(t.cents - t.paidCents)} ` +
          `(hoje, com multa e juros: ${formatBRL(t.open.total)})`,
        { bold: true, align: 'right', fill: '#e8eef7' },
      );
      await finishPdf(doc, out);
    },
  };
}
