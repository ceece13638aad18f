import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../db/connection';

/**
 * The rows of a query in pages of `size`, read through a database cursor so that neither this process
 * nor the driver ever holds the whole result: PostgreSQL a `DECLARE … CURSOR` fetched page by page in a
 * (read-only) transaction, SQLite a statement iterated row by row. The query is sorted once by the
 * database, whatever its order (keyset pagination would sort again per page on unindexed orders).
 */
export async function* rowPages<R>(db: Db, query: Compilable<R>, size = 2000): AsyncGenerator<R[]> {
  const compiled = query.compile();
  if (db.dialect === 'sqlite') {
    let page: R[] = [];
    for await (const chunk of db.kysely.getExecutor().stream<R>(compiled, size)) {
      page.push(...chunk.rows);
      if (page.length >= size) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
    return;
  }
  yield* postgresPages<R>(db, compiled, size);
}

async function* postgresPages<R>(db: Db, compiled: CompiledQuery<R>, size: number): AsyncGenerator<R[]> {
  // A generator cannot run inside kysely's transaction callback, so the callback hands pages over a queue.
  const pages: (R[] | null)[] = [];
  let wake: (() => void) | undefined;
  let resume: (() => void) | undefined;
  let failure: unknown;
  let stopped = false;
  const done = db.kysely
    .transaction()
    .execute(async (trx) => {
      await trx.executeQuery(
        CompiledQuery.raw(`declare report_cursor no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
      );
      for (;;) {
        const { rows } = await trx.executeQuery<R>(CompiledQuery.raw(`fetch ${size} from report_cursor`));
        if (stopped) break;
        pages.push(rows.length ? rows : null);
        wake?.();
        if (!rows.length) break;
        // One page ahead at most: wait until the consumer took it.
        await new Promise<void>((resolve) => (resume = resolve));
      }
    })
    .catch((error: unknown) => {
      failure = error;
      wake?.();
    });
  try {
    for (;;) {
      while (!pages.length && failure === undefined) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== undefined) throw failure;
      const page = pages.shift()!;
      if (page === null) break;
      yield page;
      // The consumer wants more: let the transaction fetch the next page. (When it stopped instead, the
      // generator's return runs `finally` below, which lets the transaction finish.)
      const next = resume;
      resume = undefined;
      next?.();
    }
  } finally {
    stopped = true;
    resume?.();
    await done;
  }
}
