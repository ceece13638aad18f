import QRCode from 'qrcode';

/** Where anyone checks a document: the public page of its code. */
export const verificationUrl = (appUrl: string, code: string) => `${appUrl.replace(/\/+$/, '')}/verificar/${encodeURIComponent(code)}`;

/**
 * Stamps every page of a buffered pdfkit document with the QR code of its public verification page,
 * the code in text and the address, in the bottom-right corner inside the margins.
 */
export async function stampVerification(doc: PDFKit.PDFDocument, code: string, url: string): Promise<void> {
  const png = await QRCode.toBuffer(url, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const size = 64;
    const x = doc.page.width - 44 - size;
    const y = doc.page.height - 40 - size;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.image(png, x, y, { width: size, height: size });
    doc.font('Helvetica').fontSize(7).fillColor('#333333');
    doc.text(`Código de validação: ${code}`, 36, y + size - 18, { width: x - 44, align: 'right' });
    doc.text(`Verifique em ${url}`, 36, y + size - 9, { width: x - 44, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}
