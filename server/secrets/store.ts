import { dynamic, type Db } from '../db/connection';
import { open, seal, SealError } from './seal';

/**
 * Secrets kept for background work, sealed (seal.ts) in `sealed_secrets` (migration 0047) under a name of the
 * work's own (`imports.legacy:12`), so that any instance with the same key can read them. The caller deletes a
 * secret when its work ends; an expired one is never opened and goes away at the next `keepSecret`.
 */
export async function keepSecret(db: Db, key: Buffer, name: string, secret: string, ttlMs: number): Promise<void> {
  const k = dynamic(db);
  const now = new Date();
  await k.deleteFrom('sealed_secrets').where('expires_at', '<', now.toISOString()).execute();
  const values = {
    name,
    sealed: seal(key, secret, name),
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    created_at: now.toISOString(),
  };
  await k
    .insertInto('sealed_secrets')
    .values(values)
    .onConflict((oc) => oc.column('name').doUpdateSet({ sealed: values.sealed, expires_at: values.expires_at }))
    .execute();
}

/** The secret kept under `name`, or undefined when there is none, it expired or it does not open with `key`. */
export async function readSecret(db: Db, key: Buffer, name: string): Promise<string | undefined> {
  const row = await dynamic(db)
    .selectFrom('sealed_secrets')
    .select('sealed')
    .where('name', '=', name)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    return open(key, String(row.sealed), name);
  } catch (error) {
    if (error instanceof SealError) return undefined;
    throw error;
  }
}

export async function deleteSecret(db: Db, name: string): Promise<void> {
  await dynamic(db).deleteFrom('sealed_secrets').where('name', '=', name).execute();
}
