import { dynamic, type Db } from '../db/connection';
import { newSecret, sha256 } from '../auth/sessions';

/** The invitation's link lasts a week (the office tells the family; a new invitation replaces it). */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
export type LinkPurpose = 'invite' | 'reset';

/**
 * A new one-time link of an account: its earlier links of the same purpose stop working, and links that ran out
 * go (so the table never only grows). Answers the token, which only the e-mail carries; the table keeps its hash.
 */
export async function newLink(db: Db, accountId: number, purpose: LinkPurpose, ttlMs: number): Promise<string> {
  const k = dynamic(db);
  const now = Date.now();
  await k.deleteFrom('portal_links').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await k.deleteFrom('portal_links').where('account_id', '=', accountId).where('purpose', '=', purpose).execute();
  const token = newSecret();
  await k
    .insertInto('portal_links')
    .values({
      account_id: accountId,
      purpose,
      token_hash: sha256(token),
      expires_at: new Date(now + ttlMs).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Takes a link (once): the account it opens, or undefined when it is unknown, used, expired, of another purpose, or
 * of a revoked account. Marked used in the same statement, so two requests with one link cannot both take it.
 */
export async function takeLink(db: Db, token: string, purpose: LinkPurpose): Promise<number | undefined> {
  const now = new Date().toISOString();
  const row = await dynamic(db)
    .updateTable('portal_links')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) =>
      eb('account_id', 'in', eb.selectFrom('portal_accounts').select('id').where('revoked_at', 'is', null)),
    )
    .returning('account_id')
    .executeTakeFirst();
  return row ? Number(row.account_id) : undefined;
}
