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
  // One query (a role with no permission still answers its row): it runs once per session every REMEMBER_MS.
  const rows = await db.kysely
    .selectFrom('roles as r')
    .leftJoin('role_permissions as p', 'p.role_id', 'r.id')
    .select(['r.id', 'r.key', 'r.name', 'p.permission'])
    .where('r.id', '=', roleId)
    .orderBy('p.permission')
    .execute();
  if (rows.length === 0) return { role: null, permissions: [] };
  const [{ id, key, name }] = rows;
  return {
    role: { id: Number(id), key, name },
    permissions: rows.flatMap((r) => (r.permission === null ? [] : [r.permission])),
  };
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
  user: Pick<SessionUser, 'id' | 'name' | 'email'>;
  roleId: number | null;
  expiresAt: number;
  checkedAt: number;
}
const remembered = new WeakMap<Db, Map<string, Remembered>>();

type RoleAndPermissions = Pick<SessionUser, 'role' | 'permissions'>;
/**
 * Roles read in the last REMEMBER_MS, per database: every session of a role shares one read, so a session that
 * comes back after its own cache ran out costs its token's query only (bench/results/permissions-*.json). A
 * change of a role's permissions applies within REMEMBER_MS; the roles routes forget it at once in this process.
 */
const rolesRemembered = new WeakMap<Db, Map<number, { value: RoleAndPermissions; checkedAt: number }>>();

async function rememberedRole(db: Db, roleId: number | null): Promise<RoleAndPermissions> {
  if (roleId === null) return { role: null, permissions: [] };
  let map = rolesRemembered.get(db);
  if (!map) rolesRemembered.set(db, (map = new Map()));
  const now = Date.now();
  const kept = map.get(roleId);
  if (kept && kept.checkedAt > now - REMEMBER_MS) return kept.value;
  const value = await loadRole(db, roleId);
  map.set(roleId, { value, checkedAt: now });
  return value;
}

/** After a role's permissions change or it is deleted: this process reads it again on the next request. */
export function forgetRole(db: Db, roleId: number): void {
  rolesRemembered.get(db)?.delete(roleId);
}

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
    if (kept && kept.checkedAt > now - REMEMBER_MS && kept.expiresAt > now)
      return { ...kept.user, ...(await rememberedRole(this.db, kept.roleId)) };
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
    const user = { id: Number(row.id), name: row.name, email: row.email };
    if (this.recent.size >= MAX_REMEMBERED) this.recent.clear();
    this.recent.set(hash, { user, roleId, expiresAt: Date.parse(row.expires_at), checkedAt: now });
    return { ...user, ...(await rememberedRole(this.db, roleId)) };
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
