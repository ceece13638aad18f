import type { Writable } from 'node:stream';
import { registrationNumber } from '../../../resources/format';
import type { Db } from '../../db/connection';
import { BRL_FORMAT, dateCell, reportSheet, streamingWorkbook } from '../xlsx';
import { COLUMNS, plural, STATUS_COLOR, STATUS_COLUMN, TITLE, VALUE_COLUMN, type RowWriter } from './financial-layout';

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
  return pipes.reduce(
    (sum: number, p: Pipe) => sum + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0),
    0,
  );
}

export async function xlsxWriter(db: Db, out: Writable, lines: string[]): Promise<RowWriter> {
  const workbook = streamingWorkbook(out);
  const sheet = await reportSheet(db, workbook, 'Financeiro', { title: TITLE, lines }, COLUMNS, 'landscape');
  return {
    row(r, status, charges) {
      const row = sheet.addRow([
        Number(r.id),
        registrationNumber(r.registration_id),
        r.student,
        r.team,
        r.service ?? '',
        Number(r.quota),
        dateCell(r.due_date),
        Number(r.value_cents) / 100,
        charges.fees / 100,
        charges.total / 100,
        status,
        dateCell(r.pay_day),
        r.payment_type ?? '',
        r.created_by ?? '',
        r.observations ?? '',
      ]);
      const color = STATUS_COLOR[status];
      if (color) row.getCell(STATUS_COLUMN).font = { color: { argb: `FF${color}` }, bold: true };
      row.commit();
    },
    async drain() {
      // exceljs hands rows to the zip without backpressure, and reading SQLite never waits for I/O: without
      // this wait the whole file would pile up in memory before zlib and the disk took the first bytes.
      await new Promise((resolve) => setImmediate(resolve));
      while (zipBacklog(sheet) > BACKLOG_LIMIT || out.writableNeedDrain)
        await new Promise((resolve) => setTimeout(resolve, 1));
    },
    async end(t) {
      // Each sum under its own column: value, fine and interest, total.
      const total = (label: string, cents: number[], note = '') => {
        const row = sheet.addRow([label, note, ...Array(VALUE_COLUMN - 3).fill(null), ...cents.map((c) => c / 100)]);
        row.font = { bold: true };
        cents.forEach((_, i) => (row.getCell(VALUE_COLUMN + i).numFmt = BRL_FORMAT));
        row.commit();
      };
      const { paid, open } = t;
      total('TOTAL', [t.cents, paid.fees + open.fees, paid.total + open.total], plural(t.count));
      total('Total pago', [t.paidCents, paid.fees, paid.total]);
      total('Total em aberto', [t.cents - t.paidCents, open.fees, open.total]);
      sheet.commit();
      await workbook.commit();
    },
  };
}
