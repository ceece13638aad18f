import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection';
import { notFound, validationError } from '../http/errors';
import { imageType, isStorageKey, MIME_OF, type Storage } from '../storage/storage';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const anyDb = (db: Db) => db.kysely as unknown as Kysely<any>;

export const PHOTO_REFUSED = 'A foto deve ser uma imagem JPEG, PNG ou WebP de até 5 MB.';

/** Checks the photo by its content and stores it under a name the server makes; answers the key. */
export async function storePhoto(storage: Storage, content: Buffer): Promise<string> {
  const type = imageType(content);
  if (!type) throw validationError({ image: [PHOTO_REFUSED] });
  return storage.put('photos', type.extension, content);
}

/** `GET /students/{id}/get-image`: the photo itself, or 404 (the page then hides the image). */
export function registerPhotoRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  app.get<{ Params: { id: string } }>('/students/:id/get-image', async (request, reply) => {
    if (!/^\d{1,10}$/.test(request.params.id)) throw notFound();
    const row = await anyDb(db).selectFrom('students').select('image').where('id', '=', Number(request.params.id)).executeTakeFirst();
    const key = typeof row?.image === 'string' ? row.image : '';
    const content = key && isStorageKey(key) ? await storage.get(key) : null;
    if (!content) throw notFound('Este aluno não tem foto.');
    const extension = key.split('.').pop() ?? '';
    return reply.header('content-type', MIME_OF[extension] ?? 'application/octet-stream').header('cache-control', 'private, max-age=60').send(content);
  });
}
