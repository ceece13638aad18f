import { inflateSync } from 'node:zlib';

/**
 * The school's logo as the server checks and keeps it: PNG or JPEG told by its bytes (never by its name or
 * the type the browser sent), its size and its pixels bounded, and the public address that names one version.
 * Pure functions: the route (logo.ts), the letterhead (pdf/letterhead.ts) and the tests share them.
 */

/** The largest logo kept: every public page and every PDF with a letterhead carries it. */
export const MAX_LOGO_BYTES = 1024 * 1024;
/** A logo wider or taller than this is a photo, not a logo (and a heavy PNG to decode in every PDF). */
export const MAX_LOGO_PIXELS = 2000;
/** Smaller than this prints as a smudge. */
export const MIN_LOGO_PIXELS = 16;

export const LOGO_MISSING = 'Envie o arquivo do logotipo (PNG ou JPEG).';
export const LOGO_NOT_IMAGE = 'O logotipo deve ser uma imagem PNG ou JPEG.';
export const LOGO_TOO_LARGE = `O logotipo pode ter no máximo ${MAX_LOGO_BYTES / 1024 / 1024} MB.`;
export const LOGO_BAD_SIZE = `O logotipo deve ter de ${MIN_LOGO_PIXELS} a ${MAX_LOGO_PIXELS} pixels de largura e de altura.`;
export const LOGO_UNREADABLE = 'Não foi possível ler esta imagem: o arquivo está corrompido ou incompleto.';

export type LogoType = { mime: 'image/png'; extension: 'png' } | { mime: 'image/jpeg'; extension: 'jpg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG's first chunk, IHDR, holds the width and height. */
function pngSize(content: Buffer): { width: number; height: number } | null {
  if (content.length < 24 || content.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: content.readUInt32BE(16), height: content.readUInt32BE(20) };
}

/** JPEG's frame header (SOF0…SOF15, not DHT, JPG or DAC) holds the height and width; found by walking the markers. */
function jpegSize(content: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < content.length) {
    if (content[at] !== 0xff) return null;
    const marker = content[at + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = content.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: content.readUInt16BE(at + 5), width: content.readUInt16BE(at + 7) };
    // The image data begins (start of scan) before any frame header: not an image we can print.
    if (marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

/**
 * What an uploaded logo is, or why it is refused: its type by the first bytes, its size in bytes and in
 * pixels read from its header. Whether the rest of the file decodes is checked by drawing it (logo.ts).
 */
export function checkLogo(content: Buffer): { type: LogoType } | { refusal: string } {
  if (content.length === 0) return { refusal: LOGO_MISSING };
  if (content.length > MAX_LOGO_BYTES) return { refusal: LOGO_TOO_LARGE };
  const png = content.length >= 8 && content.subarray(0, 8).equals(PNG_SIGNATURE);
  const jpeg = content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff;
  if (!png && !jpeg) return { refusal: LOGO_NOT_IMAGE };
  const size = png ? pngSize(content) : jpegSize(content);
  if (!size) return { refusal: LOGO_UNREADABLE };
  const fits = (n: number) => n >= MIN_LOGO_PIXELS && n <= MAX_LOGO_PIXELS;
  if (!fits(size.width) || !fits(size.height)) return { refusal: LOGO_BAD_SIZE };
  return { type: png ? { mime: 'image/png', extension: 'png' } : { mime: 'image/jpeg', extension: 'jpg' } };
}

/** `/api/school-logo/<version>.png`: the address `colored_logo` holds, a new one for each logo (cached for good). */
export const logoAddress = (version: string, extension: string) => `/api/school-logo/${version}.${extension}`;

const ADDRESS = /^\/api\/school-logo\/([0-9a-f]{16})\.(png|jpg)$/;

/** The version an address of ours names, or null (no logo, or an address set by other means). */
export function logoVersion(coloredLogo: string | null | undefined): string | null {
  return (coloredLogo && ADDRESS.exec(coloredLogo)?.[1]) || null;
}

/**
 * Whether a PNG's image data inflates to a whole image: pdfkit inflates it (for a logo with transparency) in a
 * callback whose failure nothing can catch, and a document would then never end. Checked here, where a broken
 * file throws. Bounded by the size check: at most 2000 × 2000 pixels of 8 bytes.
 */
export function pngInflates(content: Buffer): boolean {
  const size = pngSize(content);
  if (!size) return false;
  const parts: Buffer[] = [];
  let at = 8;
  while (at + 12 <= content.length) {
    const length = content.readUInt32BE(at);
    const type = content.subarray(at + 4, at + 8).toString('latin1');
    if (at + 12 + length > content.length) return false;
    if (type === 'IDAT') parts.push(content.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!parts.length) return false;
  try {
    // Each row is a filter byte and up to 8 bytes a pixel (16-bit RGBA): more than that is not this image.
    const data = inflateSync(Buffer.concat(parts), { maxOutputLength: size.height * (size.width * 8 + 1) });
    return data.length > 0;
  } catch {
    return false;
  }
}
