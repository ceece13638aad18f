import PDFDocument from 'pdfkit';
import { toBuffer } from './buffer';
import { stampVerification } from './verification';

export interface TextDocument {
  /** Shown in the PDF's properties (title, author) and as its heading. */
  title: string;
  author: string;
  /** A line above the title (the school's name). */
  header?: string;
  /** Paragraphs, justified; a blank line in the source separates them. */
  body: string;
  /** A line under the body, right-aligned (city and date). */
  place?: string;
  /** Names under signature lines, side by side. */
  signatures?: string[];
  /** Small text at the bottom of every page (what this document is and when it was made). */
  footer?: string;
  /** An issued document (a contract): its code and public page go on every page, QR code included. */
  verification?: { code: string; url: string };
}

const MARGIN = 64;
/** Room kept under the text for the verification stamp (QR code and code), so they never overlap. */
const STAMP_ROOM = 56;

function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]*\n[ \t]*/g, '\n').trim())
    .filter(Boolean);
}

function signatureBlock(doc: PDFKit.PDFDocument, names: string[]): void {
  const width = doc.page.width - MARGIN * 2;
  const column = width / names.length;
  if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
  const top = doc.y + 50;
  names.forEach((name, i) => {
    const x = MARGIN + i * column + 12;
    doc
      .moveTo(x, top)
      .lineTo(x + column - 24, top)
      .lineWidth(0.7)
      .stroke();
    doc.fontSize(10).text(name, x, top + 6, { width: column - 24, align: 'center' });
  });
}

/**
 * A plain A4 text document (contracts, declarations): heading, justified paragraphs, place and date,
 * signature lines. Built-in Helvetica covers Portuguese (WinAnsi), so no font file is needed.
 */
export async function renderTextDocument(input: TextDocument): Promise<Buffer> {
  const textBottom = input.verification ? MARGIN + STAMP_ROOM : MARGIN;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: textBottom, left: MARGIN, right: MARGIN },
    info: { Title: input.title, Author: input.author },
    bufferPages: true,
  });
  doc.font('Helvetica');
  if (input.header) doc.fontSize(10).fillColor('#555555').text(input.header, { align: 'center' }).moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text(input.title, { align: 'center' }).moveDown(1.2);
  doc.font('Helvetica').fontSize(11);
  for (const paragraph of paragraphsOf(input.body)) doc.text(paragraph, { align: 'justify', lineGap: 2 }).moveDown(0.8);
  if (input.place) doc.moveDown(0.6).text(input.place, { align: 'right' });
  if (input.signatures?.length) signatureBlock(doc, input.signatures);
  if (input.footer) {
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing below the bottom margin would make pdfkit open a new page; lift the margin first.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      // Beside the stamp, the footer keeps to the left of the QR code.
      const footerWidth = doc.page.width - MARGIN * 2 - (input.verification ? 80 : 0);
      doc
        .fontSize(8)
        .fillColor('#777777')
        .text(`${input.footer} — página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, {
          width: footerWidth,
          align: input.verification ? 'left' : 'center',
        });
      doc.page.margins.bottom = bottom;
    }
  }
  if (input.verification) await stampVerification(doc, input.verification.code, input.verification.url);
  return toBuffer(doc);
}
