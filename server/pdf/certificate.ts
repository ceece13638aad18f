import PDFDocument from 'pdfkit';
import { imageBytes, toBuffer } from './buffer';
import { scriptFontSource } from './fonts';
import { stampVerification } from './verification';

export interface CertificateSheet {
  school: string;
  studentName: string;
  /** "CPF 529.982.247-25, nascido(a) em 01/03/2008, natural de Belém - PA". */
  infoLine: string;
  text: string;
  /** "Código de validação: CERT_…". */
  codeLine: string;
  /** "Ananindeua - Pará, 23 de novembro de 2026". */
  dateLine: string;
  backText: string;
  backNote?: string;
  /** The school's logo (PNG or JPEG bytes), at the top left of the front. */
  logo?: Uint8Array;
  code: string;
  url: string;
}

/** The gap between the words of the name, in ems. */
const NAME_GAP = 0.4;

/**
 * The name in the script font, centred, word by word. Great Vibes' space is a sixth of an em and its
 * capitals' swashes reach back over it, so "José Antônio" printed as one word. Each word but the last
 * keeps its space character (what a reader copies or searches stays "José Antônio") and the gap is
 * widened to 0.4 em; a long name is made smaller to stay on one line.
 */
function scriptName(doc: PDFKit.PDFDocument, name: string, top: number, left: number, width: number): void {
  const words = name.trim().split(/\s+/);
  let size = 40;
  const measure = () => words.reduce((sum, w) => sum + doc.widthOfString(w), 0) + (words.length - 1) * size * NAME_GAP;
  doc.font('script').fontSize(size);
  if (measure() > width) doc.fontSize((size = Math.max(16, (size * width) / measure())));
  let x = left + (width - measure()) / 2;
  words.forEach((word, i) => {
    doc.text(i < words.length - 1 ? `${word} ` : word, x, top, { lineBreak: false });
    x += doc.widthOfString(word) + size * NAME_GAP;
  });
  doc.x = left;
  doc.y = top + doc.currentLineHeight(true);
}

/** Two landscape A4 pages: the front with the name in a script font, the back with the registry line. */
export async function renderCertificate(c: CertificateSheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 56, bottom: 100, left: 72, right: 72 },
    info: { Title: `Certificado — ${c.studentName}`, Author: c.school },
    bufferPages: true,
  });
  doc.registerFont('script', scriptFontSource());
  const width = doc.page.width - 144;
  const border = () =>
    doc
      .rect(24, 24, doc.page.width - 48, doc.page.height - 48)
      .lineWidth(2)
      .strokeColor('#1e3a6e')
      .stroke()
      .rect(30, 30, doc.page.width - 60, doc.page.height - 60)
      .lineWidth(0.6)
      .stroke();

  border();
  if (c.logo) doc.image(imageBytes(c.logo), 44, 40, { fit: [64, 64] });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#1e3a6e')
    .text(c.school.toUpperCase(), 72, 56, { width, align: 'center' });
  doc
    .moveDown(0.6)
    .font('Helvetica-Bold')
    .fontSize(30)
    .fillColor('#000000')
    .text('CERTIFICADO', { width, align: 'center' });
  doc.moveDown(0.4);
  scriptName(doc, c.studentName, doc.y, 72, width);
  doc.moveDown(0.2).font('Helvetica').fontSize(11).text(c.infoLine, { width, align: 'center' });
  doc.moveDown(0.8).fontSize(12).text(c.text, { width, align: 'justify', lineGap: 3 });
  doc.moveDown(0.8).fontSize(10).fillColor('#b00020').text(c.codeLine, { width, align: 'center' });
  doc.moveDown(0.4).fillColor('#000000').fontSize(11).text(c.dateLine, { width, align: 'right' });
  const sign = doc.page.height - 150;
  [0, 1].forEach((i) => {
    const x = 72 + i * (width / 2) + 40;
    doc
      .moveTo(x, sign)
      .lineTo(x + width / 2 - 80, sign)
      .lineWidth(0.7)
      .strokeColor('#000000')
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(i === 0 ? 'Direção' : 'Secretaria escolar', x, sign + 4, { width: width / 2 - 80, align: 'center' });
  });

  doc.addPage();
  border();
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#1e3a6e').text('REGISTRO', 72, 72, { width, align: 'center' });
  doc.moveDown(1).font('Helvetica').fontSize(12).fillColor('#000000');
  for (const line of c.backText.split('\n')) doc.text(line, { width, align: 'center' });
  if (c.backNote) doc.moveDown(1.5).font('Helvetica-Oblique').fontSize(11).text(c.backNote, { width, align: 'center' });
  await stampVerification(doc, c.code, c.url);
  return toBuffer(doc);
}
