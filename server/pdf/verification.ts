import QRCode from 'qrcode';

/** Where anyone checks a document: the public page of its code. */
export const verificationUrl = (appUrl: string, code: string) =>
  `${appUrl.replace(/\/+$/, '')}/verificar/${encodeURIComponent(code)}`;

/**
 * Draws the QR code of `url` as vector squares, one path filled once: sharp at any print resolution, and
 * no PNG to encode and decode for every document (that was a third of a certificate's time).
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  modules: QRCode.BitMatrix,
  x: number,
  y: number,
  size: number,
): void {
  // One module of white margin on each side, as the PNG had, so a phone finds the code's edges.
  const unit = size / (modules.size + 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + 1) * unit, y + (row + 1) * unit, unit, unit);
    }
  }
  doc.fill('#000000').restore();
}

/**
 * Stamps every page of a buffered pdfkit document with the QR code of its public verification page,
 * the code in text and the address, in the bottom-right corner inside the margins.
 */
export async function stampVerification(doc: PDFKit.PDFDocument, code: string, url: string): Promise<void> {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const size = 64;
    const x = doc.page.width - 44 - size;
    const y = doc.page.height - 40 - size;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    drawQrCode(doc, modules, x, y, size);
    doc.font('Helvetica').fontSize(7).fillColor('#333333');
    doc.text(`Código de validação: ${code}`, 36, y + size - 18, { width: x - 44, align: 'right' });
    doc.text(`Verifique em ${url}`, 36, y + size - 9, { width: x - 44, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}
