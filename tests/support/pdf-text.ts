import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js measures the 14 standard fonts (our Helvetica) with the metrics it ships.
const standardFontDataUrl =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') +
  path.sep;

/** The text of each page of a PDF, read back the way a viewer would (tests check what a person reads). */
export async function pdfPages(content: Uint8Array | Buffer): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(content),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const text = await page.getTextContent();
    pages.push(text.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await pdf.destroy();
  return pages;
}

/** All pages' text with line breaks and runs of spaces folded to one space (justified text is spaced). */
export async function pdfText(content: Uint8Array | Buffer): Promise<string> {
  return (await pdfPages(content)).join('\n').replace(/\s+/g, ' ');
}

/** The text runs of one page as drawn: each string with its left edge, width and font size (points). */
export async function pdfTextRuns(
  content: Uint8Array | Buffer,
  pageNumber = 1,
): Promise<{ str: string; x: number; width: number; size: number }[]> {
  const pdf = await getDocument({
    data: new Uint8Array(content),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const text = await (await pdf.getPage(pageNumber)).getTextContent();
  const runs = text.items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [
          {
            str: item.str,
            x: item.transform[4] as number,
            width: item.width,
            size: Math.hypot(item.transform[0] as number, item.transform[1] as number),
          },
        ]
      : [],
  );
  await pdf.destroy();
  return runs;
}
