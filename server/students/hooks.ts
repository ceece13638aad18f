import type { Db } from '../db/connection';
import type { ResourceHooks } from '../crud/hooks';
import { booksOf, documentsOf, observationsOf, registrationsOf } from './queries';

/** A student's record answers with enrolments, issued documents, books and observations (spec §7). */
export function studentHooks(db: Db): ResourceHooks {
  return {
    async decorateRecord(row) {
      const id = Number(row.id);
      const [registrations, documents, books, observations] = await Promise.all([registrationsOf(db, id), documentsOf(db, id), booksOf(db, id), observationsOf(db, id)]);
      return { ...row, registrations, documents, books, observations };
    },
  };
}
