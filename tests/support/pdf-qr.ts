import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The QR codes a person's phone would read on each page: the PDF rendered to PNG by poppler's
 * `pdftoppm`, then decoded with jsQR. Null for a page without a readable code.
 */
export function qrCodesOf(pdf: Buffer): (string | null)[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-qr-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '150', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error('pdftoppm não encontrado: apt-get install poppler-utils');
      throw error;
    }
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => {
        const png = PNG.sync.read(fs.readFileSync(path.join(dir, f)));
        return (
          jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
            ?.data ?? null
        );
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
