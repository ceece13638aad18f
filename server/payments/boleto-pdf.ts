import PDFDocument from 'pdfkit';
import { formatBRL, formatDate } from '../../resources/format';
import { toBuffer } from '../pdf/buffer';
import { itfBars } from '../pdf/itf-barcode';

export interface BoletoPdf {
  school: string;
  payer: string;
  description: string;
  amountCents: number;
  dueDate: string;
  digitableLine: string;
  barcode: string;
}

/** The sandbox boleto: the bank's slip layout in brief, its digitable line and its ITF barcode. */
export async function renderBoletoPdf(b: BoletoPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 40, bottom: 40, left: 40, right: 40 },
    info: { Title: 'Boleto (simulação)', Author: b.school },
  });
  const width = doc.page.width - 80;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#b26a00')
    .text('SIMULAÇÃO — este boleto não é cobrável: nenhum banco o registrou.', { align: 'center' })
    .moveDown(0.8);
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`237-2  |  ${b.digitableLine}`, { align: 'left' })
    .moveDown(0.5);
  const field = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text(label);
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(value).moveDown(0.4);
  };
  field('Beneficiário', b.school);
  field('Pagador', b.payer);
  field('Referente a', b.description);
  field('Vencimento', formatDate(b.dueDate));
  field('Valor do documento', formatBRL(b.amountCents));
  const { bars, length } = itfBars(b.barcode);
  // 103 mm wide at the standard narrow bar; here scaled to the page, 13 mm high.
  const scale = Math.min(width / length, 1.2);
  const top = doc.y + 16;
  for (const [x, w] of bars) doc.rect(40 + x * scale, top, w * scale, 37).fill('#000000');
  return toBuffer(doc);
}
