import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') +
  path.sep;

// pdf.js hands the colour over as a typed array of 0–255 channels (or, in some versions, as '#rrggbb').
const hex = (args: ArrayLike<unknown>): string =>
  typeof args[0] === 'string'
    ? args[0].toLowerCase()
    : `#${Array.from(args as ArrayLike<number>)
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;

/**
 * Every run of text of a PDF with the colour it is painted in (`#rrggbb`), in drawing order: what a
 * reader sees in red or green.
 */
export async function coloredRuns(content: Uint8Array | Buffer): Promise<{ text: string; color: string }[]> {
  const pdf = await getDocument({
    data: new Uint8Array(content),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const runs: { text: string; color: string }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const ops = await (await pdf.getPage(n)).getOperatorList();
    let color = '#000000';
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as ArrayLike<unknown>;
      if (fn === OPS.setFillRGBColor) color = hex(args);
      if (fn === OPS.showText) {
        const glyphs = args[0] as ({ unicode?: string } | number | null)[];
        const text = glyphs.map((g) => (g && typeof g === 'object' ? (g.unicode ?? '') : '')).join('');
        if (text.trim()) runs.push({ text, color });
      }
    });
  }
  await pdf.destroy();
  return runs;
}
