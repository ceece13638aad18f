import type { FastifyInstance } from 'fastify';
import { dynamic, type Db } from '../db/connection';
import { idParam, notFound } from '../http/errors';
import { isStorageKey, MIME_OF, type Storage } from '../storage/storage';

/**
 * `GET /students/{id}/get-image`: the photo itself, or 404 (the page then hides the image).
 * Not in the LGPD access log: the record screen fetches it right after the record, whose read is already
 * logged, so each opening would count twice; a photo is an image of the record, not a document handed out.
 */
export function registerPhotoRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  app.get<{ Params: { id: string } }>(
    '/students/:id/get-image',
    { config: { access: 'students.read', reach: { id: 'students' } } },
    async (request, reply) => {
      const row = await dynamic(db)
        .selectFrom('students')
        .select('image')
        .where('id', '=', idParam(request.params.id))
        .executeTakeFirst();
      const key = typeof row?.image === 'string' ? row.image : '';
      const content = key && isStorageKey(key) ? await storage.get(key) : null;
      if (!content) throw notFound('Este aluno não tem foto.');
      const extension = key.split('.').pop() ?? '';
      return reply
        .header('content-type', MIME_OF[extension] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=60')
        .send(content);
    },
  );
}
