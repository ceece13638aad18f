import { createHash, randomBytes } from 'node:crypto';
import { dynamic, type Db } from '../db/connection';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new opaque secret for a bearer token or a one-time link: 32 random bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Sessions checked in the last few seconds, per database and per table (every store of a process shares them, so a
 * sign-out, a password change or a revocation anywhere in it forgets them at once): a burst of requests costs one
 * query for its token, not one each. Another instance on the same database honours a revocation within
 * REMEMBER_MS (docs/operacao/varias-instancias.md).
 */
export const REMEMBER_MS = 5_000;
const MAX_REMEMBERED = 10_000;

interface Remembered<T> {
  owner: T;
  expiresAt: number;
  checkedAt: number;
}
const remembered = new WeakMap<Db, Map<string, Map<string, Remembered<unknown>>>>();

/** Where a kind of session lives: its table, the column naming its owner, and how to read the owner with it. */
export interface SessionKind<T extends { id: number }> {
  table: string;
  ownerColumn: string;
  /** The owner of the unexpired session with this hash, and when the session ends (ISO), or undefined. */
  load(db: Db, hash: string, now: string): Promise<{ owner: T; expiresAt: string } | undefined>;
}

/**
 * Sessions as random bearer tokens of which only the hash is stored, so a leaked table opens nothing. The staff's
 * (auth/tokens.ts) and the family portal's (portal/sessions.ts) are two kinds of it, in tables of their own.
 */
export class HashedSessions<T extends { id: number }> {
  constructor(
    private readonly db: Db,
    readonly ttlHours: number,
    private readonly kind: SessionKind<T>,
  ) {}

  private get recent(): Map<string, Remembered<T>> {
    let tables = remembered.get(this.db);
    if (!tables) remembered.set(this.db, (tables = new Map()));
    let map = tables.get(this.kind.table);
    if (!map) tables.set(this.kind.table, (map = new Map()));
    return map as Map<string, Remembered<T>>;
  }

  async issue(ownerId: number): Promise<string> {
    // Sessions that ran out are dropped here, at sign-in, so the table never only grows.
    await this.purgeExpired();
    const token = newSecret();
    const now = new Date();
    await dynamic(this.db)
      .insertInto(this.kind.table)
      .values({
        [this.kind.ownerColumn]: ownerId,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ttlHours * 3600_000).toISOString(),
      })
      .execute();
    return token;
  }

  async resolve(token: string): Promise<T | undefined> {
    const hash = sha256(token);
    const now = Date.now();
    const kept = this.recent.get(hash);
    if (kept && kept.checkedAt > now - REMEMBER_MS && kept.expiresAt > now) return kept.owner;
    const found = await this.kind.load(this.db, hash, new Date(now).toISOString());
    if (!found) {
      this.recent.delete(hash);
      return undefined;
    }
    if (this.recent.size >= MAX_REMEMBERED) this.recent.clear();
    this.recent.set(hash, { owner: found.owner, expiresAt: Date.parse(found.expiresAt), checkedAt: now });
    return found.owner;
  }

  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    this.recent.delete(hash);
    await dynamic(this.db).deleteFrom(this.kind.table).where('token_hash', '=', hash).execute();
  }

  /** Ends every session of the owner, or every one but `keep` (the session that changed the password). */
  async revokeAllOf(ownerId: number, keep?: string): Promise<void> {
    this.forgetOwner(ownerId);
    let q = dynamic(this.db).deleteFrom(this.kind.table).where(this.kind.ownerColumn, '=', ownerId);
    if (keep !== undefined) q = q.where('token_hash', '<>', sha256(keep));
    await q.execute();
  }

  /** Forgets an owner's remembered sessions in this process (their rows are going away, e.g. with the owner). */
  forgetOwner(ownerId: number): void {
    for (const [hash, kept] of this.recent) if (kept.owner.id === ownerId) this.recent.delete(hash);
  }

  async purgeExpired(): Promise<void> {
    await dynamic(this.db).deleteFrom(this.kind.table).where('expires_at', '<=', new Date().toISOString()).execute();
  }
}
