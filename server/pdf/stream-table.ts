import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';

export interface ReportPdfOptions {
  title: string;
  author: string;
  landscape?: boolean;
  /** Small text at the bottom of every page, followed by the page number. */
  footer?: string;
  margin?: number;
}

/**
 * A report PDF written to `out` as its pages fill: no `bufferPages`, so a finished page leaves memory
 * when the next one starts (a report of a million rows never holds more than one page). The footer is
 * drawn as each page opens, hence "página N" without "de M".
 */
export function reportPdf(out: Writable, options: ReportPdfOptions): PDFKit.PDFDocument {
  const margin = options.margin ?? 36;
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.landscape ? 'landscape' : 'portrait',
    margins: { top: margin, bottom: margin + 14, left: margin, right: margin },
    info: { Title: options.title, Author: options.author },
  });
  let page = 0;
  const footer = () => {
    page += 1;
    if (!options.footer) return;
    const { x, y } = doc;
    const bottom = doc.page.margins.bottom;
    // Writing below the bottom margin would make pdfkit open yet another page: lift it meanwhile.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#777777')
      .text(`${options.footer} — página ${page}`, margin, doc.page.height - margin - 4, {
        width: doc.page.width - margin * 2,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
    doc.fillColor('#000000');
    doc.x = x;
    doc.y = y;
  };
  doc.on('pageAdded', footer);
  footer();
  doc.pipe(out);
  return doc;
}

/** Ends the document and resolves once every byte reached `out`. */
export async function finishPdf(doc: PDFKit.PDFDocument, out: Writable): Promise<void> {
  doc.end();
  await finished(out);
}

const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Lets the disk take the pages made so far: pdfkit pushes without backpressure, and reading SQLite never
 * waits for I/O, so a report of many rows would otherwise pile up in memory before the first write.
 */
export async function drainPdf(doc: PDFKit.PDFDocument, out: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (doc.readableLength > HIGH_WATER || out.writableLength > HIGH_WATER)
    await new Promise((resolve) => setTimeout(resolve, 1));
}

export interface PdfColumn {
  title: string;
  /** Share of the table's width (a table's shares add up to 1). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface RowStyle {
  bold?: boolean;
  /** Background colour of the row. */
  fill?: string;
  /** Colour of the text, for every cell or per cell (null: black). */
  color?: string | (string | null)[];
}

const PAD = 3;
const HEADER_FILL = '#e8eef7';

/**
 * A ruled table drawn row by row on a streaming document: its header repeats at the top of each new page.
 * `singleLine` rows are one line high (longer text ends in '…'), which keeps huge reports fast; otherwise
 * cells wrap and the row grows.
 */
export class PdfTable {
  private readonly left: number;
  private readonly width: number;
  private readonly widths: number[];
  private readonly fontSize: number;
  private readonly singleLine: boolean;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: PdfColumn[],
    options: { fontSize?: number; singleLine?: boolean } = {},
  ) {
    this.left = doc.page.margins.left;
    this.width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    this.widths = columns.map((c) => c.width * this.width);
    this.fontSize = options.fontSize ?? 9;
    this.singleLine = options.singleLine ?? false;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private heightOf(cells: string[], bold: boolean, wrap = !this.singleLine): number {
    const line = this.fontSize * 1.2;
    if (!wrap) return line + PAD * 2;
    this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(this.fontSize);
    return (
      Math.max(line, ...cells.map((c, i) => this.doc.heightOfString(c || ' ', { width: this.widths[i] - PAD * 2 }))) +
      PAD * 2
    );
  }

  private draw(
    cells: string[],
    widths: number[],
    aligns: PdfColumn['align'][],
    style: RowStyle,
    wrap = !this.singleLine,
  ): void {
    const doc = this.doc;
    const height = this.heightOf(cells, Boolean(style.bold), wrap);
    const top = doc.y;
    if (style.fill) doc.rect(this.left, top, this.width, height).fill(style.fill);
    doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(this.fontSize);
    let x = this.left;
    cells.forEach((cell, i) => {
      const color = Array.isArray(style.color) ? style.color[i] : style.color;
      doc.fillColor(color ?? '#000000');
      const options = {
        width: widths[i] - PAD * 2,
        align: aligns[i] ?? 'left',
        ...(wrap ? {} : { height: this.fontSize * 1.2, ellipsis: true }),
      };
      doc.text(cell, x + PAD, top + PAD, options);
      x += widths[i];
    });
    doc.fillColor('#000000');
    doc
      .moveTo(this.left, top + height)
      .lineTo(this.left + this.width, top + height)
      .lineWidth(0.4)
      .strokeColor('#999999')
      .stroke();
    doc.x = this.left;
    doc.y = top + height;
  }

  /** Opens a new page (with the table's header) when `height` more points would not fit. */
  private room(height: number, repeatHeader: boolean): void {
    if (this.doc.y + height <= this.bottom) return;
    this.doc.addPage();
    if (repeatHeader) this.header();
  }

  /** The column titles, bold on a tinted band (wrapped even in single-line tables: titles are short). */
  header(): void {
    const titles = this.columns.map((c) => c.title);
    this.room(this.heightOf(titles, true, true) * 2, false);
    this.draw(
      titles,
      this.widths,
      this.columns.map((c) => c.align),
      { bold: true, fill: HEADER_FILL },
      true,
    );
  }

  row(cells: string[], style: RowStyle = {}): void {
    this.room(this.heightOf(cells, Boolean(style.bold)), true);
    this.draw(
      cells,
      this.widths,
      this.columns.map((c) => c.align),
      style,
    );
  }

  /** A row across the whole table (a group's heading, a subtotal). */
  band(text: string, style: RowStyle & { align?: 'left' | 'right' | 'center' } = {}): void {
    this.room(this.heightOf([text], Boolean(style.bold)), true);
    this.draw([text], [this.width], [style.align ?? 'left'], style);
  }

  /** Keeps the next `rows` rows with what follows (a group heading is never alone at a page's foot). */
  keep(rows: number): void {
    this.room((this.fontSize * 1.2 + PAD * 2) * rows, true);
  }
}
