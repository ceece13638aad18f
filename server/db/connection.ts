import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { ACCENTED, foldText, PLAIN } from '../../resources/text';
import { fromDatabase } from './errors';
import { SearchPathPostgresDialect } from './pg-introspector';
import type { Tables } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Tables>;
  dialect: DialectName;
  /** The PostgreSQL schema in use when not the default one. */
  schema?: string;
  /** `lower(unaccent(expr))` in the dialect's own words, for case- and accent-insensitive search. */
  fold(expr: RawBuilder<unknown>): RawBuilder<string>;
  destroy(): Promise<void>;
  /** How it was opened: worker threads open their own connection to the same database with these. */
  opened: DbOptions;
  /**
   * PostgreSQL: tells `listener` of each connection the database dropped (restart, failover, idle timeout,
   * pg_terminate_backend). The pool has already discarded it and opens another on the next query.
   */
  onConnectionLost?(listener: (error: Error) => void): void;
}

/**
 * The query builder without the typed schema, for tables reached by name (resource configs, and
 * tables the typed schema does not list). The one place that gives up the table types.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dynamic(db: Db): Kysely<any> {
  return db.kysely as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface DbOptions {
  databaseUrl?: string;
  /** Directory of the embedded SQLite file (`secretaria.db`). */
  dataDir: string;
  /** PostgreSQL schema to use instead of `public` (the tests isolate each run in its own). */
  pgSchema?: string;
  poolSize?: number;
  /** A reader only (the report workers): SQLite opens the file read-only. */
  readonly?: boolean;
  /** SQLite: how long a statement waits for another process's lock (SERVING_BUSY_TIMEOUT_MS unless said). */
  busyTimeoutMs?: number;
}

/**
 * SQLite waits for another process's lock inside the statement, which blocks the event loop (better-sqlite3 is
 * synchronous): the server waits only this long, then the request gets a 503 with Retry-After
 * (http/errors.ts). A one-off command (migrate, --nova-senha-admin, the start-up migrations) may wait longer.
 */
export const SERVING_BUSY_TIMEOUT_MS = 50;
export const COMMAND_BUSY_TIMEOUT_MS = 5000;

/** Changes how long SQLite waits for another process's lock (nothing on PostgreSQL, whose waits are async). */
export async function setBusyTimeout(db: Db, ms: number): Promise<void> {
  if (db.dialect === 'sqlite') await sql.raw(`pragma busy_timeout = ${Math.max(0, Math.floor(ms))}`).execute(db.kysely);
}

export function openDb(options: DbOptions): Db {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(options);
}

function openSqlite(options: DbOptions): Db {
  const dataDir = options.dataDir;
  fs.mkdirSync(dataDir, { recursive: true });
  const database = new Database(path.join(dataDir, 'secretaria.db'), { readonly: options.readonly ?? false });
  // WAL lets the report workers read while the server writes; a reader finds it already set.
  if (!options.readonly) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${options.busyTimeoutMs ?? SERVING_BUSY_TIMEOUT_MS}`);
  database.function('fold', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? null : foldText(String(value)),
  );
  const kysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: keepingStatements(database) }) });
  return {
    kysely,
    dialect: 'sqlite',
    fold: (expr) => sql<string>`fold(${expr})`,
    destroy: () => kysely.destroy(),
    opened: options,
  };
}

/** Statements kept per connection: far more than the distinct queries the app sends. */
const KEPT_STATEMENTS = 500;
/** The text of the statements kept, in all, and the longest kept (characters): a list page's is a few thousand. */
const KEPT_CHARS = 200_000;
const KEPT_LONGEST = 8_000;

/**
 * The connection as Kysely's SQLite driver sees it, with each statement prepared once and kept (least
 * recently used dropped first). The driver prepares every query anew, which was a sixth of the CPU of a
 * searched list. Reusing a statement is safe: the driver runs one query at a time per connection (a
 * streamed query holds the connection until it ends), and SQLite prepares a kept statement again by
 * itself when the schema changes.
 */
export function keepingStatements(database: Pick<Database.Database, 'prepare' | 'close'>) {
  const kept = new Map<string, Database.Statement>();
  let keptChars = 0;
  return {
    prepare(query: string): Database.Statement {
      // One longer than a list page's is a slice's multi-row INSERT or `in (…)` list: seldom sent twice the same.
      if (query.length > KEPT_LONGEST) return database.prepare(query);
      let statement = kept.get(query);
      if (statement) {
        kept.delete(query);
        keptChars -= query.length;
      } else {
        statement = database.prepare(query);
        // Bounded by their text too: a compiled statement grows with it, and a spreadsheet import's slices (multi-row
        // INSERTs, `in (…)` lists of hundreds) kept 500 at a time held hundreds of MB (issue 37).
        while (kept.size && (kept.size >= KEPT_STATEMENTS || keptChars + query.length > KEPT_CHARS)) {
          const oldest = kept.keys().next().value!;
          kept.delete(oldest);
          keptChars -= oldest.length;
        }
      }
      kept.set(query, statement);
      keptChars += query.length;
      return statement;
    },
    close: () => database.close(),
  };
}

function openPostgres(connectionString: string, options: DbOptions): Db {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // Timestamps leave the database as ISO strings (UTC), dates as plain YYYY-MM-DD text and
      // bigint counts as numbers, so both dialects answer the API with the same shapes.
      if (oid === pg.types.builtins.TIMESTAMPTZ) return (v: string) => new Date(v).toISOString();
      if (oid === pg.types.builtins.DATE) return (v: string) => v;
      if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    types,
    // Named in pg_stat_activity (with the schema, so a test can find its own connections).
    application_name: options.pgSchema ? `secretaria/${options.pgSchema}` : 'secretaria',
    // A peer that vanished without closing (a failover, a dropped route) is noticed by TCP keepalives…
    keepAlive: true,
    // …and a connection that cannot be opened fails the request (503) instead of hanging it.
    connectionTimeoutMillis: 10_000,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // A dropped connection is an `error` event: on the pool for an idle one, on the client for one lent to a
  // request between two queries. Unheard, either would end the process; heard, the pool discards the dead
  // connection and the next query opens a new one, so the server recovers by itself when the database returns.
  const lost: ((error: Error) => void)[] = [];
  const tell = (error: Error) => {
    for (const listener of lost) listener(error);
  };
  pool.on('error', tell);
  pool.on('connect', (client) => {
    client.on('error', tell);
    preparingStatements(client);
  });
  // Errors of the driver's sockets are tagged as the database's (see isDatabaseUnavailable).
  const tagged = {
    connect: () => pool.connect().catch((error: unknown) => Promise.reject(fromDatabase(error))),
    end: () => pool.end(),
  };
  const kysely = new Kysely<Tables>({ dialect: new SearchPathPostgresDialect({ pool: tagged }) });
  return {
    kysely,
    dialect: 'postgres',
    schema: options.pgSchema,
    fold: (expr) => sql<string>`lower(translate(${expr}::text, ${ACCENTED}, ${PLAIN}))`,
    destroy: () => kysely.destroy(),
    opened: options,
    onConnectionLost: (listener) => void lost.push(listener),
  };
}

/** Statements kept prepared per PostgreSQL connection; beyond them, a statement is sent unnamed as before. */
const PREPARED_PER_CONNECTION = 300;

/**
 * Sends each parameterised statement as a named prepared statement of its connection, so PostgreSQL parses
 * it once per connection instead of on every call (the driver sends every query unnamed: parsed and planned
 * each time, which the server's log put at 0.3–0.6 ms of a list query's 0.7). Statements without parameters
 * go as before: they may be several commands (migrations), which a prepared statement cannot hold. A
 * statement's name is its text's hash; a connection keeps at most PREPARED_PER_CONNECTION of them (a list's
 * `in (…)` of each length is one), and sends any other unnamed.
 */
function preparingStatements(client: pg.PoolClient): void {
  const names = new Set<string>();
  const bound = client.query.bind(client) as (...args: unknown[]) => unknown;
  // A query's failure on a dead connection is tagged as the database's (only promises: a cursor is not one).
  const query = (...args: unknown[]) => {
    const result = bound(...args);
    return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(fromDatabase(error))) : result;
  };
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(text, values, callback);
    const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    if (!names.has(name)) {
      if (names.size >= PREPARED_PER_CONNECTION) return query(text, values, callback);
      names.add(name);
    }
    return query({ name, text, values }, callback);
  }) as typeof client.query;
}
