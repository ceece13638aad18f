import { sql, type RawBuilder } from 'kysely';
import type { Db } from './connection';

/**
 * The ORDER BY terms of a list by name as a Brazilian reads it, the same on both databases: accents and case
 * ignored first ("LÍVIA" before "LUCAS", "Álvaro" among the A's, "ana" with "Ana"), then the name as written,
 * so that "Jose" and "José" keep one order everywhere. Callers add their own last key (the id).
 *
 * Why the fold and not a collation: SQLite (better-sqlite3) has no way to register one, and the PostgreSQL cluster's
 * default collation is often `C` (code points, where "LÍVIA" sorts after "LUCAS"). An ICU collation
 * ("pt-BR-x-icu") would order PostgreSQL alone, and its ties differently from SQLite; the fold
 * (`db.fold`, the one the search uses) gives both databases one order, checked by the same tests on each.
 */
export function byName(
  db: Db,
  name: string | RawBuilder<unknown>,
  direction: 'asc' | 'desc' = 'asc',
): RawBuilder<unknown> {
  const ref = typeof name === 'string' ? sql.ref(name) : name;
  const dir = sql.raw(direction);
  return sql`${db.fold(ref)} ${dir}, ${ref} ${dir}`;
}
