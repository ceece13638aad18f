import PDFDocument from 'pdfkit';
import { toBuffer } from './buffer';

export interface TableColumn {
  title: string;
  /** Share of the page width (the shares of a table add up to 1). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface TableSection {
  heading: string;
  columns: TableColumn[];
  rows: { cells: string[]; fill?: string }[];
  /** Shown when there is no row. */
  empty?: string;
  /** Lines under the table ("Total pago: R$ …"). */
  totals?: string[];
}

export interface TableDocument {
  title: string;
  author: string;
  /** Lines above the title (school, then the subject: a student's name). */
  header: string[];
  sections: TableSection[];
  /** Lines after every section (the whole document's totals). */
  summary?: string[];
  footer?: string;
  landscape?: boolean;
}

const MARGIN = 48;
const ROW_PAD = 4;

/**
 * A document of headed tables (statements, lists): each section a heading, a ruled table whose header
 * repeats on a new page, optional row colours and totals. Helvetica covers Portuguese; no font file.
 */
export async function renderTableDocument(input: TableDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: input.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: input.title, Author: input.author },
    bufferPages: true,
  });
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 12;
  doc.font('Helvetica').fillColor('#000000');
  input.header.forEach((line, i) =>
    doc
      .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(i === 0 ? 12 : 10)
      .text(line, { align: 'center' }),
  );
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(14).text(input.title, { align: 'center' }).moveDown(0.8);

  const rowHeight = (cells: string[], columns: TableColumn[], font: string) => {
    doc.font(font).fontSize(9);
    return (
      Math.max(
        ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i].width * width - ROW_PAD * 2 })),
      ) +
      ROW_PAD * 2
    );
  };
  const drawRow = (cells: string[], columns: TableColumn[], font: string, fill?: string) => {
    const height = rowHeight(cells, columns, font);
    const top = doc.y;
    if (fill) doc.rect(MARGIN, top, width, height).fill(fill);
    doc.fillColor('#000000').font(font).fontSize(9);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const w = columns[i].width * width;
      doc.text(cell, x + ROW_PAD, top + ROW_PAD, { width: w - ROW_PAD * 2, align: columns[i].align ?? 'left' });
      x += w;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .lineWidth(0.4)
      .strokeColor('#999999')
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };

  for (const section of input.sections) {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(section.heading, MARGIN, doc.y).moveDown(0.3);
    const headerCells = section.columns.map((c) => c.title);
    drawRow(headerCells, section.columns, 'Helvetica-Bold', '#e8eef7');
    if (section.rows.length === 0 && section.empty)
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .text(section.empty, MARGIN + ROW_PAD, doc.y + ROW_PAD)
        .moveDown(0.5);
    for (const row of section.rows) {
      if (doc.y + rowHeight(row.cells, section.columns, 'Helvetica') > bottom()) {
        doc.addPage();
        drawRow(headerCells, section.columns, 'Helvetica-Bold', '#e8eef7');
      }
      drawRow(row.cells, section.columns, 'Helvetica', row.fill);
    }
    doc.moveDown(0.4);
    for (const line of section.totals ?? [])
      doc.font('Helvetica-Bold').fontSize(9).text(line, MARGIN, doc.y, { width, align: 'right' });
    doc.moveDown(1);
  }
  if (input.summary?.length) {
    if (doc.y > bottom() - 60) doc.addPage();
    for (const line of input.summary)
      doc.font('Helvetica-Bold').fontSize(10).text(line, MARGIN, doc.y, { width, align: 'right' });
  }
  if (input.footer) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#777777')
        .text(`${input.footer} — página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, {
          width,
          align: 'center',
        });
      doc.page.margins.bottom = margin;
    }
  }
  return toBuffer(doc);
}
