import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Files (photos, contracts, generated documents) behind one interface; keys are made by the server. */
export interface Storage {
  put(folder: StorageFolder, extension: string, content: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (a backup copies them all). */
  keys(): AsyncIterable<string>;
  /** Writes `content` under a key the server made before (a backup being restored). */
  write(key: string, content: Buffer): Promise<void>;
}

export const STORAGE_FOLDERS: readonly StorageFolder[] = ['photos', 'contracts', 'documents', 'imports'];

/** `imports`: the spreadsheets sent to `POST /api/imports` (issue 37), read again by the run in the background. */
export type StorageFolder = 'photos' | 'contracts' | 'documents' | 'imports';

/** `photos/3f0c…-….jpg`: the only shape a key may have, so no request value ever becomes a path. */
const KEY =
  /^(photos|contracts|documents|imports)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|pdf|xlsx|csv)$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** Local directory under DATA_DIR (the embedded default). */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`chave de arquivo inválida: ${key.slice(0, 80)}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('caminho fora do armazenamento');
    return full;
  };
  const write = async (key: string, content: Buffer) => {
    const full = resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, content);
  };
  return {
    async put(folder, extension, content) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      await write(key, content);
      return key;
    },
    write,
    async *keys() {
      for (const folder of STORAGE_FOLDERS) {
        let names: string[];
        try {
          names = await fs.readdir(path.join(root, folder));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        // Anything else in the folder (a stray file, a temporary one) was never written by the server.
        for (const name of names.sort()) if (isStorageKey(`${folder}/${name}`)) yield `${folder}/${name}`;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

/** What an uploaded image really is, by its first bytes (never by its name). */
export function imageType(content: Buffer): { mime: string; extension: 'jpg' | 'png' | 'webp' } | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return { mime: 'image/jpeg', extension: 'jpg' };
  if (
    content.length >= 8 &&
    content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { mime: 'image/png', extension: 'png' };
  if (
    content.length >= 12 &&
    content.subarray(0, 4).toString('latin1') === 'RIFF' &&
    content.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { mime: 'image/webp', extension: 'webp' };
  return null;
}

export const MIME_OF: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};
