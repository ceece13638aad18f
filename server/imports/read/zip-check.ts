import zlib from 'node:zlib';
import { ENCRYPTED, NOT_A_SHEET, refuse, SHEET_LIMITS, TOO_BIG_INSIDE } from './limits';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Refuses an XLSX (a zip) that would cost more to open than a real spreadsheet: too many entries, an encrypted
 * entry, ZIP64 sizes, an entry or a whole that declares more than the limits, or one that inflates to more than
 * it declares (a zip bomb lies in its headers). Each entry is inflated with a cap on its output, so a lie costs
 * at most the cap. Nothing else of the file is read here.
 */
export function checkZip(bytes: Buffer): void {
  const view = bytes;
  let end = -1;
  for (let i = view.length - 22; i >= Math.max(0, view.length - 22 - 65_535); i--)
    if (view.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) throw refuse(NOT_A_SHEET);
  const count = view.readUInt16LE(end + 10);
  const dirOffset = view.readUInt32LE(end + 16);
  if (count > SHEET_LIMITS.entries) throw refuse(TOO_BIG_INSIDE);
  if (dirOffset === 0xffffffff || count === 0xffff) throw refuse(TOO_BIG_INSIDE);
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== CENTRAL) throw refuse(NOT_A_SHEET);
    const flags = view.readUInt16LE(at + 8);
    const method = view.readUInt16LE(at + 10);
    const compressed = view.readUInt32LE(at + 20);
    const size = view.readUInt32LE(at + 24);
    const nameLength = view.readUInt16LE(at + 28);
    const extra = view.readUInt16LE(at + 30);
    const comment = view.readUInt16LE(at + 32);
    const local = view.readUInt32LE(at + 42);
    if (flags & 1) throw refuse(ENCRYPTED);
    if (size === 0xffffffff || compressed === 0xffffffff || size > SHEET_LIMITS.entryBytes)
      throw refuse(TOO_BIG_INSIDE);
    total += size;
    if (total > SHEET_LIMITS.inflatedBytes) throw refuse(TOO_BIG_INSIDE);
    inflatedSize(view, local, compressed, method, size);
    at += 46 + nameLength + extra + comment;
  }
}

/** Inflates one entry with its declared size as the cap: more, or less, than it declares is refused. */
function inflatedSize(view: Buffer, local: number, compressed: number, method: number, size: number): void {
  if (local + 30 > view.length || view.readUInt32LE(local) !== LOCAL) throw refuse(NOT_A_SHEET);
  const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
  if (start + compressed > view.length) throw refuse(NOT_A_SHEET);
  const data = view.subarray(start, start + compressed);
  if (method === 0) {
    if (compressed !== size) throw refuse(TOO_BIG_INSIDE);
    return;
  }
  if (method !== 8) throw refuse(NOT_A_SHEET);
  let out: Buffer;
  try {
    out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw refuse(code === 'ERR_BUFFER_TOO_LARGE' || code === 'ERR_OUT_OF_RANGE' ? TOO_BIG_INSIDE : NOT_A_SHEET);
  }
  if (out.length !== size) throw refuse(TOO_BIG_INSIDE);
}
