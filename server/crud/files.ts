import type { ResourceConfig } from '../../resources/types';
import { dynamic, type Db } from '../db/connection';
import { validationError } from '../http/errors';
import { imageType, isStorageKey, type Storage } from '../storage/storage';
import type { Row } from './repository';

export const IMAGE_REFUSED = 'A foto deve ser uma imagem JPEG, PNG ou WebP de até 5 MB.';

/**
 * The files of a resource's `image` fields: their columns hold storage keys. An upload is checked by
 * its content and stored under a name the server makes; a file the record no longer points at (replaced,
 * or its record deleted) is removed, so no photo outlives its student.
 */
export class ResourceFiles {
  readonly fields: string[];

  constructor(
    private readonly db: Db,
    private readonly config: ResourceConfig,
    private readonly storage: Storage,
  ) {
    this.fields = config.fields.filter((f) => f.type === 'image').map((f) => f.name);
  }

  /** Stores the images sent in a (multipart) body; the values get their keys, `added` lists them. */
  async store(body: unknown, values: Row): Promise<{ values: Row; added: string[] }> {
    const sent = (body ?? {}) as Record<string, unknown>;
    const added: string[] = [];
    const withKeys = { ...values };
    for (const name of this.fields) {
      const content = sent[name];
      if (!Buffer.isBuffer(content) || content.length === 0) continue;
      const type = imageType(content);
      if (!type) {
        await this.remove(added);
        throw validationError({ [name]: [IMAGE_REFUSED] });
      }
      withKeys[name] = await this.storage.put('photos', type.extension, content);
      added.push(withKeys[name] as string);
    }
    return { values: withKeys, added };
  }

  /** The keys a stored record holds now, per field. */
  async keysOf(id: number): Promise<Record<string, unknown>> {
    if (this.fields.length === 0) return {};
    return (
      (await dynamic(this.db)
        .selectFrom(this.config.table)
        .select(this.fields)
        .where('id', '=', id)
        .executeTakeFirst()) ?? {}
    );
  }

  /** Removes files by key; anything that is not a key the server made is ignored, never opened. */
  async remove(keys: unknown[]): Promise<void> {
    for (const key of keys) if (typeof key === 'string' && isStorageKey(key)) await this.storage.delete(key);
  }

  /** Runs a write; if it fails, the files stored for it go too. */
  async orUndo<T>(added: string[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await this.remove(added);
      throw error;
    }
  }
}
