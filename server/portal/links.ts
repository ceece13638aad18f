import { dynamic, type Db } from '../db/connection';
import { newSecret, sha256 } from '../auth/sessions';

/** The invitation's link lasts a week (the office tells the family; a new invitation replaces it). */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
export type LinkPurpose = 'invite' | 'reset';

/** A link just made: its token (only the e-mail, the screen or the letter carries it) and when it runs out. */
export interface NewLink {
  token: string;
  expiresAt: string;
}

/**
 * A new one-time link of an account: its earlier links of the same purpose stop working, and links that ran out
 * go (so the table never only grows). The table keeps the token's hash, and `codeHash`, the slow hash of the
 * printed invitation's one-time code (invitation.ts), when there is one.
 */
export async function newLink(
  db: Db,
  accountId: number,
  purpose: LinkPurpose,
  ttlMs: number,
  codeHash: string | null = null,
): Promise<NewLink> {
  const k = dynamic(db);
  const now = Date.now();
  await k.deleteFrom('portal_links').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await k.deleteFrom('portal_links').where('account_id', '=', accountId).where('purpose', '=', purpose).execute();
  const token = newSecret();
  const expiresAt = new Date(now + ttlMs).toISOString();
  await k
    .insertInto('portal_links')
    .values({
      account_id: accountId,
      purpose,
      token_hash: sha256(token),
      code_hash: codeHash,
      expires_at: expiresAt,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Takes a link (once): the account it opens, or undefined when it is unknown, used, expired, of another purpose, or
 * of a revoked account. Marked used in the same statement, so two requests with one link cannot both take it.
 */
export async function takeLink(db: Db, token: string, purpose: LinkPurpose): Promise<number | undefined> {
  return takeWhere(db, 'token_hash', sha256(token), purpose);
}

/**
 * Takes the invitation link of the given id (its one-time code matched): once, as `takeLink`, so the code and the
 * link of one invitation open the account once between them.
 */
export async function takeInvitationById(db: Db, linkId: number): Promise<number | undefined> {
  return takeWhere(db, 'id', linkId, 'invite');
}

async function takeWhere(
  db: Db,
  column: 'token_hash' | 'id',
  value: string | number,
  purpose: LinkPurpose,
): Promise<number | undefined> {
  const now = new Date().toISOString();
  const row = await dynamic(db)
    .updateTable('portal_links')
    .set({ used_at: now })
    .where(column, '=', value)
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

/**
 * What a link would open, without taking it (the activation page says on opening whether the link still works): the
 * account's e-mail, or undefined under the same rules as `takeLink`.
 */
export async function peekLink(db: Db, token: string, purpose: LinkPurpose): Promise<{ email: string } | undefined> {
  const row = await dynamic(db)
    .selectFrom('portal_links as l')
    .innerJoin('portal_accounts as a', 'a.id', 'l.account_id')
    .select('a.email')
    .where('l.token_hash', '=', sha256(token))
    .where('l.purpose', '=', purpose)
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', new Date().toISOString())
    .where('a.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { email: String(row.email) } : undefined;
}

/**
 * The open invitation of an e-mail that has a one-time code: its id and the code's hash, to be checked against the
 * code typed. Undefined when the e-mail has no account, no open invitation, or an invitation sent without a code.
 */
export async function codedInvitationOf(db: Db, email: string): Promise<{ id: number; codeHash: string } | undefined> {
  const row = await dynamic(db)
    .selectFrom('portal_links as l')
    .innerJoin('portal_accounts as a', 'a.id', 'l.account_id')
    .select(['l.id', 'l.code_hash'])
    .where('a.email', '=', email)
    .where('a.revoked_at', 'is', null)
    .where('l.purpose', '=', 'invite')
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', new Date().toISOString())
    .where('l.code_hash', 'is not', null)
    .executeTakeFirst();
  return row ? { id: Number(row.id), codeHash: String(row.code_hash) } : undefined;
}
