import type { ResourceConfig } from '../../resources/types';
import type { Db } from '../db/connection';
import { ResourceRepository } from './repository';

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
