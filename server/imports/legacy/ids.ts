import { dynamic, type Db } from '../../db/connection';

/** Which row of ours an old row became (migration 0043_legacy_ids), per source host. */
export async function mappedId(db: Db, source: string, entity: string, oldId: number | string): Promise<number | null> {
  const row = await dynamic(db)
    .selectFrom('legacy_ids')
    .select('new_id')
    .where('source', '=', source)
    .where('entity', '=', entity)
    .where('old_id', '=', String(oldId))
    .executeTakeFirst();
  return row ? Number(row.new_id) : null;
}

export async function remember(
  db: Db,
  source: string,
  entity: string,
  oldId: number | string,
  newId: number,
): Promise<void> {
  await dynamic(db)
    .insertInto('legacy_ids')
    .values({ source, entity, old_id: String(oldId), new_id: newId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['source', 'entity', 'old_id']).doUpdateSet({ new_id: newId }))
    .execute();
}
