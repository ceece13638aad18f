import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dynamic, type Db } from '../db/connection';
import { isDatabaseBusy, isDatabaseUnavailable, isDiskFull } from '../db/errors';
import type { Storage } from '../storage/storage';

/** Below this, SQLite's disk counts as full: a page, its WAL frame and a checkpoint need room. */
const MIN_FREE_BYTES = 1024 * 1024;
/** A check that takes longer fails: a load balancer's own timeout is usually a few seconds. */
const CHECK_TIMEOUT_MS = 5000;

const NO_SPACE = 'sem espaço em disco';
const UNAVAILABLE = 'indisponível';
const NOT_WRITABLE = 'não aceita gravações';
const BUSY = 'ocupado por outro processo';

/** Rolls the probe's transaction back: thrown from inside it, caught outside. */
class Undo extends Error {}

function problemOf(error: unknown): string {
  if (isDiskFull(error)) return NO_SPACE;
  if (isDatabaseUnavailable(error)) return UNAVAILABLE;
  if (isDatabaseBusy(error)) return BUSY;
  return NOT_WRITABLE;
}

function withinTimeout(check: Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve('não respondeu a tempo'), CHECK_TIMEOUT_MS)),
  );
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether the database takes a write: a row written and rolled back (a read-only replica after a failover,
 * a lock, a lost connection all fail it). SQLite also answers full when its file may not grow (its page
 * limit) or its disk has almost no room left, since a small rolled-back write fits in pages it already has.
 */
async function databaseCheck(db: Db): Promise<string> {
  try {
    if (db.dialect === 'sqlite') {
      const pages = await sql<{ page_count: number; max_page_count: number; freelist_count: number }>`
        select page_count, max_page_count, freelist_count from pragma_page_count(), pragma_max_page_count(), pragma_freelist_count()`.execute(
        db.kysely,
      );
      const { page_count, max_page_count, freelist_count } = pages.rows[0];
      if (freelist_count === 0 && page_count >= max_page_count) return NO_SPACE;
      const disk = await fs.statfs(db.opened.dataDir);
      if (disk.bavail * disk.bsize < MIN_FREE_BYTES) return NO_SPACE;
    }
    await dynamic(db)
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('app_secrets')
          .values({ name: `health-${Date.now()}`, value: 'verificação de gravação' })
          .execute();
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
    return 'ok';
  } catch (error) {
    return problemOf(error);
  }
}

/** Whether the file storage takes a file: a tiny one written and removed. */
async function storageCheck(storage: Storage): Promise<string> {
  try {
    const key = await storage.put('documents', 'pdf', Buffer.from('%PDF-1.4\n% verificação de gravação\n'));
    await storage.delete(key);
    return 'ok';
  } catch (error) {
    return problemOf(error);
  }
}

/** How long one readiness answer stands: a balancer polls every few seconds, anyone else gets this one. */
export const READY_CACHE_MS = 2000;

interface Readiness {
  database: string;
  storage: string;
}

/**
 * The readiness check, run at most once per READY_CACHE_MS whoever asks: the route is public, and each check
 * writes a row and a file, so a flood of anonymous calls (~130 writes/s were measured) would otherwise be a flood
 * of writes. Calls that arrive while a check runs wait for that same check.
 */
function cachedReadiness(db: Db, storage: Storage): () => Promise<Readiness> {
  let last: { at: number; result: Promise<Readiness> } | undefined;
  const check = async (): Promise<Readiness> => {
    const [database, files] = await Promise.all([
      withinTimeout(databaseCheck(db)),
      withinTimeout(storageCheck(storage)),
    ]);
    return { database, storage: files };
  };
  return () => {
    // Counted from the check's start, so a check slower than the period is still shared by all its waiters.
    if (!last || Date.now() - last.at >= READY_CACHE_MS) last = { at: Date.now(), result: check() };
    return last.result;
  };
}

/**
 * `/api/health` is liveness: the process answers (no database touched, so a load balancer never restarts
 * every instance because the database is away). `/api/health?ready=1` is readiness: the database and the file
 * storage take a write, else 503 naming which part failed, so a balancer sends requests elsewhere; its answer is
 * at most READY_CACHE_MS old.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db, storage: Storage): void {
  const readiness = cachedReadiness(db, storage);
  app.get<{ Querystring: { ready?: string } }>('/health', { config: { public: true } }, async (request, reply) => {
    if (request.query.ready === undefined) return { status: 'ok' };
    const { database, storage: files } = await readiness();
    if (database === 'ok' && files === 'ok') return { status: 'ok', database, storage: files };
    const failed = [
      database === 'ok' ? null : `banco de dados ${database}`,
      files === 'ok' ? null : `arquivos ${files}`,
    ].filter(Boolean);
    request.log.warn({ database, storage: files }, 'not ready');
    return reply.status(503).send({
      message: `Servidor não está pronto: ${failed.join('; ')}.`,
      status: 'unavailable',
      database,
      storage: files,
    });
  });
}
