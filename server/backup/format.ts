import type { DialectName } from '../db/connection';

/**
 * What a backup holds, told once for the writer and the reader. A backup is a .tar.gz:
 *
 *     manifest.json              this manifest (always the first entry)
 *     tables/<table>.jsonl       one line per row: a JSON array of the values, in the manifest's column order
 *     files/<key>                each stored file (photos/…, contracts/…, documents/…), as stored
 *
 * Values are the same on both databases: instants as ISO 8601 text in UTC, dates as AAAA-MM-DD text, money as
 * integer centavos, bytes as {"$base64": "…"}. So a backup of SQLite restores on PostgreSQL and back.
 */

export const FORMAT = 'secretaria-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  /** When the database's snapshot was taken (ISO 8601, UTC). */
  created_at: string;
  /** The database it was made from (informative: it restores on either). */
  dialect: DialectName;
  /** The migrations applied to that database, in order: the schema the rows fit. */
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  files: { key: string; size: number; sha256: string }[];
}

export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

/** Refusals an operator can act on (a wrong file, a database that is not empty…): in Portuguese, no stack trace. */
export class BackupError extends Error {}

/** A value as a backup line holds it. */
export function portable(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** An instant with a time of day but no zone (`2026-03-01 10:00:00`, SQLite's own words) is UTC. */
const ZONELESS_INSTANT = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/;

/** A backup line's value as a column of `type` (the target database's word for it) takes it. */
export function columnValue(value: unknown, type: string, dialect: DialectName): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const bytes = (value as { $base64?: unknown }).$base64;
    return typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : JSON.stringify(value);
  }
  if (typeof value === 'boolean') return dialect === 'sqlite' ? Number(value) : value;
  if (dialect === 'postgres') {
    if (type === 'boolean' && typeof value === 'number') return value !== 0;
    if (type.startsWith('timestamp') && typeof value === 'string' && ZONELESS_INSTANT.test(value)) return `${value}Z`;
  }
  return value;
}
