import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// A TTF shipped by npm (WOFF2 would not load in pdfkit); resolved from node_modules at run time.
const SCRIPT_FONT_FILE = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/great-vibes/400Regular/GreatVibes_400Regular.ttf',
);

let scriptFont: PDFKit.Mixins.PDFFontSource | undefined;

/**
 * The certificate's script font (Great Vibes), parsed once per process. pdfkit takes a parsed font as a
 * font source; parsing the 445 kB file and building its layout tables anew for every certificate cost
 * most of its time. Should pdfkit ever stop exposing the parsed font, the file's path still works.
 */
export function scriptFontSource(): PDFKit.Mixins.PDFFontSource {
  if (!scriptFont) {
    const probe = new PDFDocument({ autoFirstPage: false });
    probe.font(SCRIPT_FONT_FILE);
    const parsed = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
    scriptFont =
      typeof parsed?.layout === 'function' ? (parsed as unknown as PDFKit.Mixins.PDFFontSource) : SCRIPT_FONT_FILE;
  }
  return scriptFont;
}
