import type { Db } from '../db/connection';
import { HashedSessions, REMEMBER_MS, type SessionKind } from './sessions';

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

/** A user as their session remembers them: the role is read apart (rememberedRole), shared by its sessions. */
type SessionOwner = Pick<SessionUser, 'id' | 'name' | 'email'> & { roleId: number | null };

const STAFF: SessionKind<SessionOwner> = {
  table: 'auth_tokens',
  ownerColumn: 'user_id',
  async load(db, hash, now) {
    const row = await db.kysely
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.name', 'u.email', 'u.role_id', 't.expires_at'])
      .where('t.token_hash', '=', hash)
      .where('t.expires_at', '>', now)
      // A system user (the payment provider's) never has a session, whatever row may say otherwise.
      .where('u.is_system', '=', 0)
      .executeTakeFirst();
    if (!row) return undefined;
    const roleId = row.role_id === null ? null : Number(row.role_id);
    return { owner: { id: Number(row.id), name: row.name, email: row.email, roleId }, expiresAt: row.expires_at };
  },
};

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

/** The staff's sessions (HashedSessions in `auth_tokens`), each answered with its user's role and permissions. */
export class TokenStore {
  private readonly sessions: HashedSessions<SessionOwner>;

  constructor(
    private readonly db: Db,
    ttlHours: number,
  ) {
    this.sessions = new HashedSessions(db, ttlHours, STAFF);
  }

  get ttlHours(): number {
    return this.sessions.ttlHours;
  }

  issue(userId: number): Promise<string> {
    return this.sessions.issue(userId);
  }

  async resolve(token: string): Promise<SessionUser | undefined> {
    const owner = await this.sessions.resolve(token);
    if (!owner) return undefined;
    const { roleId, ...user } = owner;
    return { ...user, ...(await rememberedRole(this.db, roleId)) };
  }

  revoke(token: string): Promise<void> {
    return this.sessions.revoke(token);
  }

  /** Every session of the user ends, but `keep` (a token of theirs) when given. */
  revokeAllOf(userId: number, keep?: string): Promise<void> {
    return this.sessions.revokeAllOf(userId, keep);
  }

  /** Forgets a user's remembered sessions in this process (their rows are going away, e.g. with the user). */
  forgetUser(userId: number): void {
    this.sessions.forgetOwner(userId);
  }

  purgeExpired(): Promise<void> {
    return this.sessions.purgeExpired();
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
