import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  /** Null for a user the server never gave a role (none should remain): such a user may do nothing. */
  role: { id: number; key: string; name: string } | null;
  /** The keys of the catalogue (resources/permissions.ts) the role holds. */
  permissions: string[];
}

/**
 * A user's role and its permissions, read together with the session: a change of either applies within
 * REMEMBER_MS. (Scoping, e.g. a professor's own teams, reads the role key from here.)
 */
export async function loadRole(db: Db, roleId: number | null): Promise<Pick<SessionUser, 'role' | 'permissions'>> {
  if (roleId === null) return { role: null, permissions: [] };
  const role = await db.kysely
    .selectFrom('roles')
    .select(['id', 'key', 'name'])
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (!role) return { role: null, permissions: [] };
  const rows = await db.kysely
    .selectFrom('role_permissions')
    .select('permission')
    .where('role_id', '=', roleId)
    .orderBy('permission')
    .execute();
  return { role: { id: Number(role.id), key: role.key, name: role.name }, permissions: rows.map((r) => r.permission) };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sessions checked in the last few seconds, per database (every TokenStore of a process shares them, so a
 * sign-out or a password change anywhere in it forgets them at once): a burst of requests costs one query
 * for its token, not one each. Another instance on the same database honours a revocation within
 * REMEMBER_MS (README, *Várias instâncias*).
 */
const REMEMBER_MS = 5_000;
const MAX_REMEMBERED = 10_000;
interface Remembered {
  user: SessionUser;
  expiresAt: number;
  checkedAt: number;
}
const remembered = new WeakMap<Db, Map<string, Remembered>>();

/** Sessions are random bearer tokens; only their hash is stored, so a leaked table opens nothing. */
export class TokenStore {
  constructor(
    private readonly db: Db,
    private readonly ttlHours: number,
  ) {}

  private get recent(): Map<string, Remembered> {
    let map = remembered.get(this.db);
    if (!map) remembered.set(this.db, (map = new Map()));
    return map;
  }

  async issue(userId: number): Promise<string> {
    // Sessions that ran out are dropped here, at sign-in, so the table never only grows.
    await this.purgeExpired();
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db.kysely
      .insertInto('auth_tokens')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ttlHours * 3600_000).toISOString(),
      })
      .execute();
    return token;
  }

  async resolve(token: string): Promise<SessionUser | undefined> {
    const hash = sha256(token);
    const now = Date.now();
    const kept = this.recent.get(hash);
    if (kept && kept.checkedAt > now - REMEMBER_MS && kept.expiresAt > now) return kept.user;
    const row = await this.db.kysely
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.name', 'u.email', 'u.role_id', 't.expires_at'])
      .where('t.token_hash', '=', hash)
      .where('t.expires_at', '>', new Date(now).toISOString())
      .executeTakeFirst();
    if (!row) {
      this.recent.delete(hash);
      return undefined;
    }
    const roleId = row.role_id === null ? null : Number(row.role_id);
    const user = { id: Number(row.id), name: row.name, email: row.email, ...(await loadRole(this.db, roleId)) };
    if (this.recent.size >= MAX_REMEMBERED) this.recent.clear();
    this.recent.set(hash, { user, expiresAt: Date.parse(row.expires_at), checkedAt: now });
    return user;
  }

  async revoke(token: string): Promise<void> {
    const hash = sha256(token);
    this.recent.delete(hash);
    await this.db.kysely.deleteFrom('auth_tokens').where('token_hash', '=', hash).execute();
  }

  async revokeAllOf(userId: number): Promise<void> {
    this.forgetUser(userId);
    await this.db.kysely.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
  }

  /** Forgets a user's remembered sessions in this process (their rows are going away, e.g. with the user). */
  forgetUser(userId: number): void {
    for (const [hash, kept] of this.recent) if (kept.user.id === userId) this.recent.delete(hash);
  }

  async purgeExpired(): Promise<void> {
    await this.db.kysely.deleteFrom('auth_tokens').where('expires_at', '<=', new Date().toISOString()).execute();
  }
}

/**
 * The token of an `Authorization: Bearer …` header. The scheme may come twice (`Bearer Bearer <token>`):
 * an outside client stores "Bearer <token>" and its HTTP library adds the scheme again, and the original
 * server took it. `null` and `undefined` are a client's empty variable, i.e. no token at all.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const token = /^Bearer\s+(?:Bearer\s+)?(\S+)$/i.exec(header ?? '')?.[1];
  return token === undefined || token === 'null' || token === 'undefined' ? undefined : token;
}
