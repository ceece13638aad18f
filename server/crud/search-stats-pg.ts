import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * How common a word is in a PostgreSQL table's `search_text`, estimated the way PostgreSQL's planner
 * estimates a LIKE: from the sample ANALYZE keeps in `pg_stats` (most common values and a histogram of
 * about a hundred rows). The trigram index takes every word of a search into one GIN scan, and a word
 * every row holds ("aluno" in every student) makes that scan read its whole posting lists; the plan
 * then asks the index only for a rare word and checks the others on the rows it finds.
 *
 * The sample is read once per table and kept for a while: it only chooses a plan, never decides which
 * rows are found.
 */

const FRESH_MS = 10 * 60_000;

interface Sample {
  at: number;
  /** Most common values and the share of rows holding each. */
  common: { value: string; share: number }[];
  /** The histogram's values, each standing for an equal share of the other rows. */
  histogram: string[];
  /** The share of rows the histogram stands for. */
  histogramShare: number;
}

const samples = new WeakMap<Db, Map<string, Sample>>();

async function sampleOf(db: Db, table: string): Promise<Sample> {
  let tables = samples.get(db);
  if (!tables) samples.set(db, (tables = new Map()));
  const kept = tables.get(table);
  const now = Date.now();
  if (kept && kept.at > now - FRESH_MS) return kept;
  const { rows } = await sql<{
    null_frac: number;
    common: string[] | null;
    freqs: number[] | null;
    histogram: string[] | null;
  }>`
    select null_frac, most_common_vals::text::text[] as common, most_common_freqs as freqs, histogram_bounds::text::text[] as histogram
    from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = 'search_text'`.execute(
    db.kysely,
  );
  const row = rows[0];
  const common = (row?.common ?? []).map((value, i) => ({ value, share: Number(row?.freqs?.[i] ?? 0) }));
  const sample: Sample = {
    at: now,
    common,
    histogram: row?.histogram ?? [],
    histogramShare: Math.max(0, 1 - Number(row?.null_frac ?? 0) - common.reduce((sum, c) => sum + c.share, 0)),
  };
  // Not analyzed yet (a new, small table): asked again next time, until autovacuum has analyzed it.
  if (sample.common.length || sample.histogram.length) tables.set(table, sample);
  return sample;
}

/** Forgets the samples read from `db` (after an ANALYZE that should count at once, as in the tests). */
export function forgetSamples(db: Db): void {
  samples.delete(db);
}

/**
 * The estimated share of rows (0 to 1) whose `search_text` holds each text, or undefined when the table
 * has no statistics yet.
 */
export async function textShares(db: Db, table: string, texts: string[]): Promise<Map<string, number> | undefined> {
  const sample = await sampleOf(db, table);
  if (sample.common.length === 0 && sample.histogram.length === 0) return undefined;
  const shares = new Map<string, number>();
  for (const text of texts) {
    const common = sample.common.reduce((sum, c) => sum + (c.value.includes(text) ? c.share : 0), 0);
    const inHistogram = sample.histogram.length
      ? sample.histogram.filter((v) => v.includes(text)).length / sample.histogram.length
      : 0;
    shares.set(text, common + sample.histogramShare * inHistogram);
  }
  return shares;
}
