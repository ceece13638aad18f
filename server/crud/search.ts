import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { fieldOf, type ResourceConfig } from '../../resources/types';
import { foldText } from '../../resources/text';
import type { Db } from '../db/connection';

// STAND-IN on branch wt-c only: engineer E's word-wise, indexed search (branch wt-e) adds this file with
// the same `searchCondition` signature; at the merge, take wt-e's file whole. The rule here is the list
// pipeline's current one (the phrase in `search_text`, a masked number's digits, an integer field).

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE condition of a search over `config`'s table under `alias`, or undefined for an empty search. */
export async function searchCondition(db: Db, config: ResourceConfig, search: string, alias = 'r'): Promise<RawBuilder<SqlBool> | undefined> {
  void db;
  if (!search.trim()) return undefined;
  const column = sql.ref(`${alias}.search_text`);
  const parts = [sql<SqlBool>`${column} like ${`%${escapeLike(foldText(search.trim()))}%`} escape '\\'`];
  const digits = /^[\d.\-/\s()]+$/.test(search) && /\D/.test(search) ? search.replace(/\D+/g, '') : '';
  if (digits.length >= 3) parts.push(sql<SqlBool>`${column} like ${`%${digits}%`}`);
  if (/^\d{1,9}$/.test(search.trim())) {
    for (const name of config.searchFields.filter((n) => fieldOf(config, n).type === 'integer')) parts.push(sql<SqlBool>`${sql.ref(`${alias}.${name}`)} = ${Number(search.trim())}`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
