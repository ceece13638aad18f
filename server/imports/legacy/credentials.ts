import type { AreaContext } from '../../area';
import { deleteSecret, keepSecret, readSecret } from '../../secrets/store';
import type { Credentials } from './run';

/** Where the sign-in to the previous system waits for its run, until the run ends (done, preview or failed). */
export interface CredentialStore {
  keep(id: number, credentials: Credentials): Promise<void>;
  /** Undefined when gone: the instance holding it stopped (in memory), or it expired or no longer opens (sealed). */
  read(id: number): Promise<Credentials | undefined>;
  forget(id: number): Promise<void>;
}

/**
 * A run may wait in the queue and be retried; never longer than this. The whole reading is capped at 30 minutes
 * (DEFAULT_LIMITS.totalMs), so this covers a queue, a retry and a restart.
 */
const KEPT_MS = 6 * 60 * 60_000;

const nameOf = (id: number) => `imports.legacy:${id}`;

/**
 * With SECRETARIA_ENCRYPTION_KEY, sealed in the database (server/secrets), so that whichever instance claims the job
 * reads it; without it, in this process's memory only, as before: a run taken over by another instance (or after a
 * restart) then fails and asks to be sent again. Never in the import's record, the job's payload or a log.
 */
export function credentialStore(ctx: Pick<AreaContext, 'db' | 'encryptionKey'>): CredentialStore {
  const key = ctx.encryptionKey;
  if (!key) {
    const memory = new Map<number, Credentials>();
    return {
      keep: async (id, credentials) => void memory.set(id, credentials),
      read: async (id) => memory.get(id),
      forget: async (id) => void memory.delete(id),
    };
  }
  return {
    keep: (id, credentials) => keepSecret(ctx.db, key, nameOf(id), JSON.stringify(credentials), KEPT_MS),
    read: async (id) => {
      const text = await readSecret(ctx.db, key, nameOf(id));
      return text === undefined ? undefined : (JSON.parse(text) as Credentials);
    },
    forget: (id) => deleteSecret(ctx.db, nameOf(id)),
  };
}
