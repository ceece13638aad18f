import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A .tar.gz of our own making: plain ustar entries (regular files only) in a gzip stream, so that any `tar`
 * lists and extracts a backup, and no library is needed to write or read one. Entries stream in and out:
 * a table of a million rows never sits in memory.
 */

const BLOCK = 512;
/** ustar's size field: 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export interface EntrySource {
  name: string;
  size: number;
  /** The entry's bytes, exactly `size` of them. */
  body: () => AsyncIterable<Buffer> | Iterable<Buffer>;
}

function header(name: string, size: number): Buffer {
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 100) throw new Error(`nome longo demais para o arquivo: ${name}`);
  if (size > MAX_SIZE) throw new Error(`${name}: grande demais para uma entrada (${size} bytes)`);
  const block = Buffer.alloc(BLOCK);
  bytes.copy(block, 0);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';
  block.write(octal(0o600, 8), 100, 'ascii'); // mode
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii'); // the checksum counts itself as spaces
  block.write('0', 156, 'ascii'); // a regular file
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

async function* tarStream(entries: Iterable<EntrySource> | AsyncIterable<EntrySource>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield header(entry.name, entry.size);
    let written = 0;
    for await (const chunk of entry.body()) {
      written += chunk.length;
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`${entry.name}: ${written} bytes em vez de ${entry.size}`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes the entries, in order, as a .tar.gz at `file` (only readable by its owner: it holds personal data). */
export async function writeArchive(
  file: string,
  entries: Iterable<EntrySource> | AsyncIterable<EntrySource>,
): Promise<void> {
  await pipeline(Readable.from(tarStream(entries)), createGzip(), fs.createWriteStream(file, { mode: 0o600 }));
}

/** Bytes read on demand from a stream of chunks. */
class Bytes {
  private pending: Buffer[] = [];
  private held = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (fewer only at the end of the stream, none there). */
  async some(max: number): Promise<Buffer> {
    while (this.held === 0) {
      const next = await this.source.next();
      if (next.done) return Buffer.alloc(0);
      this.pending.push(next.value);
      this.held += next.value.length;
    }
    const first = this.pending[0]!;
    if (first.length <= max) {
      this.pending.shift();
      this.held -= first.length;
      return first;
    }
    this.pending[0] = first.subarray(max);
    this.held -= max;
    return first.subarray(0, max);
  }

  /** Exactly `size` bytes, or an error at an early end. */
  async exactly(size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < size) {
      const part = await this.some(size - got);
      if (!part.length) throw new Error('o arquivo da cópia está incompleto');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts, size);
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes as they arrive; must be read (or skipped with `whole`) before the next entry. */
  chunks(): AsyncGenerator<Buffer>;
  /** The whole entry in memory (manifests, stored files). */
  whole(): Promise<Buffer>;
}

function readHeader(block: Buffer): { name: string; size: number } | null {
  if (block.every((byte) => byte === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  const field = (start: number, length: number) =>
    block
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  if (parseInt(field(148, 8).trim(), 8) !== sum)
    throw new Error('o arquivo não é uma cópia do Secretaria (tar inválido)');
  const type = field(156, 1);
  if (type !== '0' && type !== '') throw new Error(`entrada de tipo inesperado no arquivo: ${field(0, 100)}`);
  const prefix = field(345, 155);
  const name = field(0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size: parseInt(field(124, 12).trim(), 8) };
}

/** The entries of a .tar.gz, in order. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const source = fs.createReadStream(file).pipe(createGunzip());
  const bytes = new Bytes(source[Symbol.asyncIterator]());
  try {
    for (;;) {
      const found = readHeader(await bytes.exactly(BLOCK));
      if (!found) return;
      let left = found.size;
      const chunks = async function* () {
        while (left > 0) {
          const part = await bytes.some(left);
          if (!part.length) throw new Error('o arquivo da cópia está incompleto');
          left -= part.length;
          yield part;
        }
      };
      const whole = async () => {
        const all = await bytes.exactly(left);
        left = 0;
        return all;
      };
      yield { ...found, chunks, whole };
      // Whatever the consumer left unread, then the padding to the next block.
      if (left > 0) await whole();
      const pad = (BLOCK - (found.size % BLOCK)) % BLOCK;
      if (pad) await bytes.exactly(pad);
    }
  } finally {
    source.destroy();
  }
}

/** The lines of an entry (UTF-8, `\n`-separated), as they arrive. */
export async function* linesOf(entry: ArchiveEntry): AsyncGenerator<string> {
  let rest = '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of entry.chunks()) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line) yield line;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}
