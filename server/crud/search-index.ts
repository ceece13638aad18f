import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { fieldOf, type ResourceConfig } from '../../resources/types';
import { foldText } from '../../resources/text';
import type { Db } from '../db/connection';
import { ResourceRepository } from './repository';

/** A resource's table in a query, under its alias (`r`, or `s` for students in a report's join). */
export interface SearchTarget {
  config: ResourceConfig;
  alias: string;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The one search rule of the app, as a condition: a row is found when any of the targets' search
 * indexes matches (one target for a resource list; several for a report joining students, teams and
 * polos). Always true for an empty search.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function searchWhere(eb: ExpressionBuilder<any, any>, targets: SearchTarget[], search: string): Expression<SqlBool> {
  if (!search) return eb.lit(true);
  const pattern = `%${escapeLike(foldText(search))}%`;
  const isNumber = /^\d{1,9}$/.test(search);
  // A masked number ("529.982.247-25", "(91)98888-7777") also finds the digits the server stores.
  const digits = /^[\d.\-/\s()]+$/.test(search) && /\D/.test(search) ? search.replace(/\D+/g, '') : '';
  return eb.or(
    targets.flatMap(({ config, alias }) => {
      const integers = config.searchFields.filter((name) => fieldOf(config, name).type === 'integer');
      return [
        eb(sql.ref(`${alias}.search_text`), 'like', sql<string>`${pattern} escape '\\'`),
        ...(digits.length >= 3 ? [eb(sql.ref(`${alias}.search_text`), 'like', `%${digits}%`)] : []),
        ...(isNumber ? integers.map((name) => eb(sql.ref(`${alias}.${name}`), '=', Number(search))) : []),
      ];
    }),
  );
}

function signatureOf(config: ResourceConfig): string {
  return config.searchFields.join(',');
}

/**
 * Rebuilds a table's `search_text` when its config's search fields changed since the last start
 * (a field made searchable finds old rows too). Idempotent, so instances starting together are safe.
 */
export async function syncSearchIndexes(db: Db, configs: ResourceConfig[]): Promise<string[]> {
  const rebuilt: string[] = [];
  for (const config of configs) {
    const signature = signatureOf(config);
    const stored = await db.kysely.selectFrom('search_signatures').select('signature').where('table_name', '=', config.table).executeTakeFirst();
    if (stored?.signature === signature) continue;
    await new ResourceRepository(db, config, configs).reindex();
    if (stored) {
      await db.kysely.updateTable('search_signatures').set({ signature }).where('table_name', '=', config.table).execute();
    } else {
      await db.kysely.insertInto('search_signatures').values({ table_name: config.table, signature }).execute();
    }
    rebuilt.push(config.table);
  }
  return rebuilt;
}
