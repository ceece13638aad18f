import type { ResourceConfig } from '../../resources/types';
import type { Db } from '../db/connection';
import { addChangeTriggers } from '../db/change-counts';
import {
  addRowCounter,
  addSearchIndex,
  ensureTrigram,
  tablesWithRowCounter,
  tablesWithSearchIndex,
} from '../db/search-ddl';
import { ResourceRepository } from './repository';
import { noteSearchIndex } from './search';

function signatureOf(config: ResourceConfig): string {
  return config.searchFields.join(',');
}

export interface SyncOptions {
  /** Where a missing capability is reported (pg_trgm that cannot be installed). */
  warn?: (message: string) => void;
}

/**
 * Rebuilds a table's `search_text` when its config's search fields changed since the last start
 * (a field made searchable finds old rows too). Idempotent, so instances starting together are safe.
 */
export async function syncSearchIndexes(
  db: Db,
  configs: ResourceConfig[],
  options: SyncOptions = {},
): Promise<string[]> {
  await ensureIndexesAndCounters(db, configs, options.warn ?? ((m) => process.stderr.write(`${m}\n`)));
  // Every table's stored signature in one query (and every index and counter in one each, above): a start where
  // nothing changed, every start but the first after an upgrade, asks three queries instead of three per resource.
  const tables = [...new Set(configs.map((c) => c.table))];
  const stored = tables.length
    ? await db.kysely
        .selectFrom('search_signatures')
        .select(['table_name', 'signature'])
        .where('table_name', 'in', tables)
        .execute()
    : [];
  const signatures = new Map(stored.map((r) => [r.table_name, r.signature]));
  const rebuilt: string[] = [];
  for (const config of configs) {
    const signature = signatureOf(config);
    if (signatures.get(config.table) === signature) continue;
    await new ResourceRepository(db, config, configs).reindex();
    if (signatures.has(config.table)) {
      await db.kysely
        .updateTable('search_signatures')
        .set({ signature })
        .where('table_name', '=', config.table)
        .execute();
    } else {
      await db.kysely.insertInto('search_signatures').values({ table_name: config.table, signature }).execute();
    }
    signatures.set(config.table, signature);
    rebuilt.push(config.table);
  }
  return rebuilt;
}

/**
 * Migration 0011 indexed and counted the tables that existed then; a table added later (a new
 * resource, a test's own) gets its index and counter here. On PostgreSQL without pg_trgm, search
 * scans as it did before the index, and the log says why.
 */
async function ensureIndexesAndCounters(
  db: Db,
  configs: ResourceConfig[],
  warn: (message: string) => void,
): Promise<void> {
  let trigramMissing: string | undefined;
  const tables = [...new Set(configs.map((c) => c.table))];
  const indexes = await tablesWithSearchIndex(db.kysely, db.dialect, tables);
  const counters = await tablesWithRowCounter(db.kysely, tables);
  for (const table of tables) {
    const indexed = indexes.has(table);
    if (!indexed && trigramMissing === undefined) {
      await db.kysely.transaction().execute(async (trx) => {
        const trigram = db.dialect === 'postgres' ? await ensureTrigram(trx) : {};
        if (db.dialect === 'postgres' && !trigram.schema) trigramMissing = trigram.reason ?? 'pg_trgm indisponível';
        else await addSearchIndex(trx, db.dialect, table, trigram.schema);
      });
    }
    noteSearchIndex(db, table, indexed || trigramMissing === undefined);
    if (!counters.has(table)) {
      await db.kysely.transaction().execute(async (trx) => {
        await addRowCounter(trx, db.dialect, table);
        await addChangeTriggers(trx, db.dialect, table);
      });
    }
  }
  if (trigramMissing !== undefined) {
    warn(
      `Busca sem índice de trigramas: a extensão pg_trgm não pôde ser instalada (${trigramMissing}). As buscas funcionam, mas percorrem a tabela inteira.`,
    );
  }
}
