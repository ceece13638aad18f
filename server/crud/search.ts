import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { fieldOf, type ResourceConfig } from '../../resources/types';
import { foldText } from '../../resources/text';
import type { Db } from '../db/connection';
import { ftsTableOf, hasSearchIndex } from '../db/search-ddl';
import { trigramRows, trigramsOf } from './search-stats';
import { textShares } from './search-stats-pg';

/**
 * The one search rule of every list, reference autocomplete and report: each word typed must be found,
 * in any order, anywhere in the row's `search_text` (folded: no case, no accents), or — a number — be
 * the row's id (or another integer search field). A masked number ("529.982.247-25") also finds its
 * digits, which is how CPF, CEP and phones are stored.
 */

/** Words beyond these are ignored: a search stays one bounded query. */
const MAX_WORDS = 8;
/** The trigram index finds substrings of three characters or more; shorter words are checked row by row. */
const INDEXED_LENGTH = 3;
/**
 * PostgreSQL: a word held by at most this share of rows is asked of the index alone. Above it, reading
 * its rows to check the other words would cost more than intersecting every word's posting lists.
 */
const RARE_SHARE = 0.02;

export interface SearchTerm {
  /** Alternatives, any of which found in `search_text` satisfies the word. */
  texts: string[];
  /** The word as an integer, for the id and other integer search fields. */
  number?: number;
}

export function searchTerms(search: string): SearchTerm[] {
  const words = [...new Set(foldText(search).split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  return words.map((word) => {
    const texts = [word];
    if (/^[\d.\-/()]+$/.test(word) && /\D/.test(word)) {
      const digits = word.replace(/\D+/g, '');
      if (digits) texts.push(digits);
    }
    return { texts, ...(/^\d{1,9}$/.test(word) ? { number: Number(word) } : {}) };
  });
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An FTS5 string: the trigram tokenizer matches it as a substring. */
const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

function or(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
function and(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** SQLite tables whose FTS index exists, per database (asked once, told by the start-up check). */
const ftsKnown = new WeakMap<Db, Map<string, boolean>>();

export function noteSearchIndex(db: Db, table: string, present: boolean): void {
  let known = ftsKnown.get(db);
  if (!known) ftsKnown.set(db, (known = new Map()));
  known.set(table, present);
}

async function hasFts(db: Db, table: string): Promise<boolean> {
  const known = ftsKnown.get(db)?.get(table);
  if (known !== undefined) return known;
  const present = await hasSearchIndex(db.kysely, db.dialect, table);
  noteSearchIndex(db, table, present);
  return present;
}

/** A search as SQLite's FTS5 table can drive it: its rows are the ones the MATCH finds and `rest` keeps. */
export interface FtsDrive {
  table: string;
  match: string;
  /** The words not matched through the index, checked on the candidate rows; undefined when none. */
  rest?: RawBuilder<SqlBool>;
}

export interface SearchPlan {
  /** The WHERE condition over the table's own columns (so a count needs no join). */
  condition: RawBuilder<SqlBool>;
  /** Present when the index alone finds the candidates (no word is also an id): lists may start from it. */
  fts?: FtsDrive;
  /** The same rows as `condition`, each checked on its own (LIKE, no index): for a few rows picked by id. */
  scan: RawBuilder<SqlBool>;
}

/**
 * The word whose rarest trigram the fewest rows hold (the fewest candidates to check), or undefined when
 * the index's vocabulary cannot be read.
 */
async function mostSelective(db: Db, table: string, words: SearchTerm[]): Promise<SearchTerm | undefined> {
  if (words.length === 1) return words[0];
  const rows = await trigramRows(db, table, [...new Set(words.flatMap((w) => w.texts.flatMap(trigramsOf)))]);
  if (!rows) return undefined;
  const estimate = (w: SearchTerm) =>
    w.texts.reduce((sum, t) => sum + Math.min(...trigramsOf(t).map((g) => rows.get(g)!)), 0);
  return words.reduce((best, w) => (estimate(w) < estimate(best) ? w : best));
}

/**
 * PostgreSQL: the word to ask the trigram index alone for, when one is rare (pg_stats' sample) and
 * others are not; undefined keeps every word in the index scan.
 */
async function rareWord(db: Db, table: string, words: SearchTerm[]): Promise<SearchTerm | undefined> {
  if (words.length < 2) return undefined;
  const shares = await textShares(db, table, [...new Set(words.flatMap((w) => w.texts))]);
  if (!shares) return undefined;
  const share = (w: SearchTerm) => w.texts.reduce((sum, t) => sum + shares.get(t)!, 0);
  // Among words the sample cannot tell apart, the longest has the most trigrams to narrow it.
  const rarest = words.reduce((best, w) =>
    share(w) < share(best) || (share(w) === share(best) && w.texts[0].length > best.texts[0].length) ? w : best,
  );
  return share(rarest) <= RARE_SHARE && words.some((w) => share(w) > RARE_SHARE) ? rarest : undefined;
}

/**
 * The search over `config`'s table under `alias`, or undefined for an empty search.
 */
export async function searchPlan(
  db: Db,
  config: ResourceConfig,
  search: string,
  alias = 'r',
): Promise<SearchPlan | undefined> {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  const column = sql.ref(`${alias}.search_text`);
  const inText = (term: SearchTerm) =>
    or(term.texts.map((t) => sql<SqlBool>`${column} like ${`%${escapeLike(t)}%`} escape '\\'`));

  // Every word in the text. SQLite is asked through its FTS table for the most selective word long enough
  // for trigrams (all of them when the index's vocabulary is unknown); the other words are checked on the
  // rows it finds. PostgreSQL's planner takes the LIKEs to the trigram index itself: all of them, or only
  // a rare one when pg_stats' sample shows the others are common (rareWord).
  let textual: RawBuilder<SqlBool>;
  let fts: FtsDrive | undefined;
  const indexed = terms.filter((t) => t.texts.every((x) => [...x].length >= INDEXED_LENGTH));
  if (db.dialect === 'sqlite' && indexed.length > 0 && (await hasFts(db, config.table))) {
    const best = await mostSelective(db, config.table, indexed);
    const matched = best ? [best] : indexed;
    const table = ftsTableOf(config.table);
    const match = matched
      .map((t) => (t.texts.length > 1 ? `(${t.texts.map(ftsString).join(' OR ')})` : ftsString(t.texts[0])))
      .join(' AND ');
    const others = terms.filter((t) => !matched.includes(t)).map(inText);
    fts = { table, match, ...(others.length > 0 ? { rest: and(others) } : {}) };
    const ftsTable = sql.table(table);
    textual = and([
      sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid from ${ftsTable} where ${ftsTable} match ${match})`,
      ...others,
    ]);
  } else if (db.dialect === 'postgres' && indexed.length > 1) {
    const rare = await rareWord(db, config.table, indexed);
    // `search_text || ''` is no indexed expression: those words are checked on the rows the rare one finds.
    const unindexed = (term: SearchTerm) =>
      or(term.texts.map((t) => sql<SqlBool>`(${column} || '') like ${`%${escapeLike(t)}%`} escape '\\'`));
    textual = and(terms.map((t) => (!rare || t === rare ? inText(t) : unindexed(t))));
  } else {
    textual = and(terms.map(inText));
  }

  // Or a word is the row's id (or another integer field) and the other words are found either way.
  // Written as its own branch so the text branch stays one index lookup.
  const integers = config.searchFields.filter((name) => fieldOf(config, name).type === 'integer');
  const numbers = [...new Set(terms.flatMap((t) => (t.number === undefined ? [] : [t.number])))];
  // The same rule row by row, with no index: for checking a handful of rows (those inserted since a count).
  const scanText = and(terms.map(inText));
  if (integers.length === 0 || numbers.length === 0)
    return { condition: textual, scan: scanText, ...(fts ? { fts } : {}) };
  const intRef = (name: string) => sql.ref(`${alias}.${name}`);
  const anyWay = (term: SearchTerm) =>
    term.number === undefined
      ? inText(term)
      : or([inText(term), ...integers.map((name) => sql<SqlBool>`${intRef(name)} = ${term.number}`)]);
  const byNumber = and([
    or(integers.map((name) => sql<SqlBool>`${intRef(name)} in (${sql.join(numbers)})`)),
    ...terms.map(anyWay),
  ]);
  return { condition: sql<SqlBool>`(${textual} or ${byNumber})`, scan: sql<SqlBool>`(${scanText} or ${byNumber})` };
}

/** The WHERE condition of a search (see searchPlan), or undefined for an empty search. */
export async function searchCondition(
  db: Db,
  config: ResourceConfig,
  search: string,
  alias = 'r',
): Promise<RawBuilder<SqlBool> | undefined> {
  return (await searchPlan(db, config, search, alias))?.condition;
}

/**
 * A search over some of the search fields only, row by row (no index): for a user who may not see the personal
 * ones, whose search must not find a row by its CPF or e-mail (the answer would tell them). Integer fields match
 * a word that is a number; reference fields are left out. Undefined for an empty search.
 */
export function searchOnFields(
  db: Db,
  config: ResourceConfig,
  search: string,
  fields: string[],
  alias = 'r',
): RawBuilder<SqlBool> | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  const own = fields.map((name) => fieldOf(config, name)).filter((f) => !f.reference);
  const texts = own.filter((f) => f.type !== 'integer').map((f) => db.fold(sql.ref(`${alias}.${f.name}`)));
  const integers = own.filter((f) => f.type === 'integer').map((f) => sql.ref(`${alias}.${f.name}`));
  const found = (term: SearchTerm) =>
    or([
      ...term.texts.flatMap((t) =>
        texts.map((column) => sql<SqlBool>`${column} like ${`%${escapeLike(t)}%`} escape '\\'`),
      ),
      ...(term.number === undefined ? [] : integers.map((column) => sql<SqlBool>`${column} = ${term.number}`)),
      ...(texts.length + integers.length === 0 ? [sql<SqlBool>`1 = 0`] : []),
    ]);
  return and(terms.map(found));
}
