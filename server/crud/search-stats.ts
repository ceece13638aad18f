import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { ftsTableOf } from '../db/search-ddl';

/**
 * How many rows hold each trigram of a SQLite FTS5 index, to match through the index only the most
 * selective word of a search. A common word ("aluno" in every student) costs FTS5 its whole doclists,
 * on the page and again on the count; checking it with LIKE on the few rows a rare word found is cheap.
 *
 * The counts come from an `fts5vocab` table, which reads a term's whole doclist to count it (milliseconds
 * for a trigram every row has), so they are kept for a while: they only choose a plan, never decide
 * which rows are found, and a stale count at worst picks a slower word.
 */

const FRESH_MS = 10 * 60_000;
/** Trigrams remembered per table: far more than the distinct trigrams of a school's names. */
const MAX_TERMS = 50_000;

interface TableStats {
  vocab: string;
  counts: Map<string, { rows: number; at: number }>;
}

/** Per database and table; null when the vocabulary table cannot be made (the plan then matches every word). */
const known = new WeakMap<Db, Map<string, TableStats | null>>();

async function statsOf(db: Db, table: string): Promise<TableStats | null> {
  let tables = known.get(db);
  if (!tables) known.set(db, (tables = new Map()));
  const found = tables.get(table);
  if (found !== undefined) return found;
  // A temporary table: nothing in the schema, made again by each connection that plans a search.
  const vocab = `${ftsTableOf(table)}_vocab`;
  let stats: TableStats | null = null;
  try {
    await sql`create virtual table if not exists temp.${sql.ref(vocab)} using fts5vocab(main, ${sql.ref(ftsTableOf(table))}, row)`.execute(
      db.kysely,
    );
    stats = { vocab, counts: new Map() };
  } catch {
    stats = null;
  }
  tables.set(table, stats);
  return stats;
}

/** The trigrams of a word, as the FTS5 trigram tokenizer cuts it (by character, not by byte). */
export function trigramsOf(text: string): string[] {
  const chars = [...text];
  return [...new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join('')))];
}

/**
 * The number of rows holding each trigram (0 for one no row has), or undefined when the table's
 * vocabulary cannot be read.
 */
export async function trigramRows(db: Db, table: string, trigrams: string[]): Promise<Map<string, number> | undefined> {
  const stats = await statsOf(db, table);
  if (!stats) return undefined;
  const now = Date.now();
  // Read before asking for the missing ones: another search may forget the kept ones meanwhile.
  const result = new Map<string, number>();
  for (const t of trigrams) {
    const kept = stats.counts.get(t);
    if (kept && kept.at > now - FRESH_MS) result.set(t, kept.rows);
  }
  const missing = trigrams.filter((t) => !result.has(t));
  if (missing.length > 0) {
    const { rows } = await sql<{
      term: string;
      doc: number;
    }>`select term, doc from temp.${sql.ref(stats.vocab)} where term in (${sql.join(missing)})`.execute(db.kysely);
    const doc = new Map(rows.map((r) => [r.term, Number(r.doc)]));
    if (stats.counts.size + missing.length > MAX_TERMS) stats.counts.clear();
    for (const t of missing) {
      result.set(t, doc.get(t) ?? 0);
      stats.counts.set(t, { rows: doc.get(t) ?? 0, at: now });
    }
  }
  return result;
}
