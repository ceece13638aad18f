import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How many bytes of valid UTF-8 start at `i` (0: the byte there begins no valid character). */
function sequenceLength(bytes: Buffer, i: number): number {
  const b0 = bytes[i];
  if (b0 < 0x80) return 1;
  const cont = (at: number, low = 0x80, high = 0xbf) => at < bytes.length && bytes[at] >= low && bytes[at] <= high;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(i + 1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    // No overlong forms (E0 80–9F) and no encoded surrogates (ED A0–BF).
    const second = b0 === 0xe0 ? cont(i + 1, 0xa0) : b0 === 0xed ? cont(i + 1, 0x80, 0x9f) : cont(i + 1);
    return second && cont(i + 2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    // No overlong forms (F0 80–8F) and nothing past U+10FFFF (F4 90–BF).
    const second = b0 === 0xf0 ? cont(i + 1, 0x90) : b0 === 0xf4 ? cont(i + 1, 0x80, 0x8f) : cont(i + 1);
    return second && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

/**
 * The text of `bytes`, each byte that is not valid UTF-8 turned into a lone surrogate (U+DC80–DCFF)
 * instead of the decoder's "�". A lone surrogate is exactly what `\udc80` in a JSON string gives, and
 * http/control-characters.ts refuses it with a 422 naming the field: one rule for both spellings.
 */
export function decodeMarkingInvalid(bytes: Buffer): string {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    parts.push(bytes.toString('utf8', start, i), String.fromCharCode(0xdc00 | bytes[i]));
    i += 1;
    start = i;
  }
  parts.push(bytes.toString('utf8', start));
  return parts.join('');
}

/** The text of `bytes` read as UTF-8, invalid bytes marked as in `decodeMarkingInvalid`. */
export function decodeStrictly(bytes: Buffer): string {
  return isUtf8(bytes) ? bytes.toString('utf8') : decodeMarkingInvalid(bytes);
}

/**
 * Text whose characters are bytes (Latin-1, one character per byte, as the multipart parser is told to
 * hand fields over: see http/multipart.ts) read again as UTF-8, in a string or in the strings and keys of
 * what a JSON part was parsed into. Invalid bytes are marked, so the field is refused like a JSON body's.
 */
export function textOfBytes(value: unknown): unknown {
  if (typeof value === 'string') {
    // Past U+00FF the parser already decoded the part in a charset it declared: taken as it is.
    if (/[\u0100-\uffff]/.test(value) || !/[\u0080-\u00ff]/.test(value)) return value;
    return decodeStrictly(Buffer.from(value, 'latin1'));
  }
  if (Array.isArray(value)) return value.map(textOfBytes);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [textOfBytes(key), textOfBytes(item)]));
  return value;
}

/**
 * Requests whose JSON body can hold no control character and no lone surrogate, told by its bytes alone: valid
 * UTF-8 (no surrogate is encoded in it), no backslash (every escape, `\u0000` or `\udc80`, starts with one) and no
 * DEL byte (0x7F, the one control character JSON lets through unescaped; those below 0x20 are a syntax error inside
 * a string). Buffer's native search finds both bytes in a megabyte in ~0.06 ms, where the character check
 * (http/control-characters.ts) reads a parsed megabyte of text in ~3 ms: the check skips such a body.
 */
const plainJson = new WeakMap<FastifyRequest, unknown>();

/** Whether `request.body` is still what such bytes were parsed into (no hook put another body in its place). */
export const hasPlainJsonBody = (request: FastifyRequest): boolean =>
  plainJson.has(request) && plainJson.get(request) === request.body;

/**
 * JSON bodies as fastify parses them (prototype poisoning refused), except that invalid UTF-8 is no
 * longer stored as "�": the bytes are checked first (natively, so a valid body costs next to nothing).
 */
export function parseJsonStrictly(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return parse(request, decodeMarkingInvalid(bytes), done);
    if (bytes.includes(0x5c) || bytes.includes(0x7f)) return parse(request, bytes.toString('utf8'), done);
    parse(request, bytes.toString('utf8'), (error, value) => {
      if (!error) plainJson.set(request, value);
      done(error, value);
    });
  });
}
