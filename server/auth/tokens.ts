import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connection';

export interface SessionUser {
  id: number;
  name: string;
  email: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Sessions are random bearer tokens; only their hash is stored, so a leaked table opens nothing. */
export class TokenStore {
  constructor(
    private readonly db: Db,
    private readonly ttlHours: number,
  ) {}

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
    const row = await this.db.kysely
      .selectFrom('auth_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.name', 'u.email'])
      .where('t.token_hash', '=', sha256(token))
      .where('t.expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return row ? { id: Number(row.id), name: row.name, email: row.email } : undefined;
  }

  async revoke(token: string): Promise<void> {
    await this.db.kysely.deleteFrom('auth_tokens').where('token_hash', '=', sha256(token)).execute();
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.db.kysely.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.kysely.deleteFrom('auth_tokens').where('expires_at', '<=', new Date().toISOString()).execute();
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
