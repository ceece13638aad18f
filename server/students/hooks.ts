import type { Db } from '../db/connection';
import type { ResourceHooks } from '../crud/hooks';
import type { Storage } from '../storage/storage';
import { storePhoto } from './photo';
import { booksOf, documentsOf, observationsOf, registrationsOf } from './queries';

/** A student's record answers with enrolments, issued documents, books and observations (spec §7). */
export function studentHooks(db: Db, storage: Storage): ResourceHooks {
  return {
    async prepareWrite(values, ctx) {
      const image = (ctx.request.body as { image?: unknown } | undefined)?.image;
      if (!Buffer.isBuffer(image) || image.length === 0) return values;
      return { ...values, image: await storePhoto(storage, image) };
    },
    async decorateRecord(row) {
      const id = Number(row.id);
      const [registrations, documents, books, observations] = await Promise.all([registrationsOf(db, id), documentsOf(db, id), booksOf(db, id), observationsOf(db, id)]);
      return { ...row, registrations, documents, books, observations };
    },
  };
}
