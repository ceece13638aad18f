import { parse } from 'node:querystring';
import { decodeStrictly } from './utf8';

/** The bytes `text` stands for: each `%XX` one byte, the rest as UTF-8; malformed escapes kept as typed. */
function percentDecodedBytes(text: string): Buffer {
  return Buffer.concat(
    text
      .split(/(%[0-9a-fA-F]{2})/)
      .map((piece, i) => (i % 2 === 1 ? Buffer.of(parseInt(piece.slice(1), 16)) : Buffer.from(piece, 'utf8'))),
  );
}

/**
 * A percent-encoded part of the query string. node:querystring alone turns bytes that are not UTF-8
 * (`%C3%28`) into "�"; here they are marked as a JSON body's are (http/utf8.ts), so that the parameter is
 * refused with a 422 naming it (http/control-characters.ts) instead of being searched or stored as "�".
 */
function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return decodeStrictly(percentDecodedBytes(text));
  }
}

/**
 * The query string as the clients of this API expect it: a repeated parameter (`?page=0&page=1`)
 * keeps its last value, as PHP does for the servers those clients were first written for, instead of
 * becoming a list that every route would have to refuse. No route takes a list from the query string.
 */
export function lastValueQuery(text: string): Record<string, string> {
  const parsed = parse(text, '&', '=', { decodeURIComponent: decodeComponent });
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(parsed))
    query[key] = Array.isArray(value) ? (value[value.length - 1] ?? '') : (value ?? '');
  return query;
}
