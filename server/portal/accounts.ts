import { audit } from '../audit/log';
import { dynamic, type Db } from '../db/connection';
import { inTransaction } from '../db/transaction';
import { isUniqueViolation } from '../db/errors';
import { ApiError, conflict, notFound, validationError } from '../http/errors';
import { ageOf } from '../students/queries';
import type { PortalSessions } from './sessions';

export const STUDENT_NOT_FOUND = 'Aluno não encontrado.';
const GUARDIAN_NOT_FOUND = 'Responsável não encontrado.';
const NO_EMAIL = 'Cadastre o e-mail do responsável antes de convidar.';
const NO_STUDENT_EMAIL = 'Cadastre o e-mail do aluno antes de convidar.';
const MINOR = 'Só um aluno maior de idade pode ter acesso próprio ao portal.';
const EMAIL_TAKEN = 'Este e-mail já é usado por outra conta do portal. Use outro e-mail no cadastro.';
const NO_ACCESS = 'Não há acesso ao portal para revogar.';

/** Whose account: a guardian's, or an adult student's own. */
export type Holder = { kind: 'guardian' | 'student'; id: number };
const column = (h: Holder) => (h.kind === 'guardian' ? 'guardian_id' : 'student_id');

export interface PortalAccess {
  status: 'none' | 'invited' | 'active' | 'revoked';
  email: string | null;
  invited_at: string | null;
  activated_at: string | null;
  last_login_at: string | null;
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** "m***@exemplo.com": enough for the office to recognise the address, in an answer that may be on a screen. */
export function maskEmail(email: string): string {
  const [user, domain] = email.split('@');
  return `${user.slice(0, 1)}***@${domain}`;
}

/** The holder's name and contacts, as the invitation addresses them. */
export interface HolderContact {
  name: string;
  email: string | null;
  phone: string | null;
}

async function holderOf(db: Db, h: Holder): Promise<HolderContact> {
  const k = dynamic(db);
  const text = (v: unknown) => (v ? String(v) : null);
  if (h.kind === 'guardian') {
    const g = await k
      .selectFrom('guardians')
      .select(['name', 'email', 'phone'])
      .where('id', '=', h.id)
      .executeTakeFirst();
    if (!g) throw notFound(GUARDIAN_NOT_FOUND);
    return { name: String(g.name), email: text(g.email), phone: text(g.phone) };
  }
  const s = await k
    .selectFrom('students')
    .select(['name', 'email', 'phone', 'birth_date'])
    .where('id', '=', h.id)
    .executeTakeFirst();
  if (!s) throw notFound(STUDENT_NOT_FOUND);
  const age = ageOf(s.birth_date);
  if (age === null || age < 18) throw new ApiError(422, MINOR);
  return { name: String(s.name), email: text(s.email), phone: text(s.phone) };
}

async function accountOf(db: Db, h: Holder) {
  return dynamic(db).selectFrom('portal_accounts').selectAll().where(column(h), '=', h.id).executeTakeFirst();
}

export async function accessOf(db: Db, h: Holder): Promise<PortalAccess> {
  const k = dynamic(db);
  const exists = await k
    .selectFrom(h.kind === 'guardian' ? 'guardians' : 'students')
    .select('id')
    .where('id', '=', h.id)
    .executeTakeFirst();
  if (!exists) throw notFound(h.kind === 'guardian' ? GUARDIAN_NOT_FOUND : STUDENT_NOT_FOUND);
  const a = await accountOf(db, h);
  if (!a) return { status: 'none', email: null, invited_at: null, activated_at: null, last_login_at: null };
  const status = a.revoked_at ? 'revoked' : a.activated_at ? 'active' : 'invited';
  return {
    status,
    email: String(a.email),
    invited_at: iso(a.invited_at),
    activated_at: iso(a.activated_at),
    last_login_at: iso(a.last_login_at),
  };
}

/** An invitation opened: the account it lets in, and whom it is for (the e-mail in lower case). */
export interface OpenedInvitation {
  accountId: number;
  holder: HolderContact & { email: string };
}

/**
 * The start of every invitation, however it is handed over (invitation.ts): the account, made now or brought up to
 * date with the holder's e-mail, and the audit of who opened the family's door. A revoked account comes back as a
 * new one: its old password no longer opens it, the family sets one with the new link.
 */
export async function openInvitation(db: Db, h: Holder, userId: number | undefined): Promise<OpenedInvitation> {
  const holder = await holderOf(db, h);
  const email = holder.email?.trim().toLowerCase();
  if (!email) throw validationError({ email: [h.kind === 'guardian' ? NO_EMAIL : NO_STUDENT_EMAIL] });
  const k = dynamic(db);
  const now = new Date().toISOString();
  const other = await k
    .selectFrom('portal_accounts')
    .select(['id', column(h)])
    .where('email', '=', email)
    .execute();
  if (other.some((o) => Number(o[column(h)]) !== h.id)) throw conflict(EMAIL_TAKEN);
  const current = await accountOf(db, h);
  if (current?.revoked_at)
    await k
      .updateTable('portal_accounts')
      .set({ password_hash: null, activated_at: null, revoked_at: null, updated_at: now })
      .where('id', '=', current.id)
      .execute();
  // The account and its audit line commit together. One statement, so two invitations sent at once make one account
  // (the office clicking twice, two offices).
  const accountId = await inTransaction(db, async (tx) => {
    const row = await dynamic(tx)
      .insertInto('portal_accounts')
      .values({ [column(h)]: h.id, email, invited_at: now, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column(column(h)).doUpdateSet({ email, invited_at: now, updated_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // The e-mail taken by another account in the meantime.
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      });
    // Who opened a family's door, and to which address (LGPD: attributable, as every change of a student's records).
    await audit(tx, {
      userId,
      entity: 'portal_accounts',
      entityId: Number(row.id),
      action: current ? 'update' : 'create',
      changes: { [column(h)]: h.id, email, invited_at: now },
    });
    return Number(row.id);
  });
  return { accountId, holder: { ...holder, email } };
}

/** The office's revocation: the account stays (its history), no link of it works, and its sessions end now. */
export async function revoke(db: Db, h: Holder, sessions: PortalSessions, userId: number | undefined): Promise<void> {
  await holderOf(db, h).catch((e: unknown) => {
    if (!(e instanceof ApiError) || e.statusCode !== 422) throw e;
  });
  const a = await accountOf(db, h);
  if (!a || a.revoked_at) throw notFound(NO_ACCESS);
  const now = new Date().toISOString();
  await inTransaction(db, async (tx) => {
    const k = dynamic(tx);
    await k.updateTable('portal_accounts').set({ revoked_at: now, updated_at: now }).where('id', '=', a.id).execute();
    await k.deleteFrom('portal_links').where('account_id', '=', a.id).execute();
    await audit(tx, {
      userId,
      entity: 'portal_accounts',
      entityId: Number(a.id),
      action: 'update',
      changes: { revoked_at: now },
    });
  });
  await sessions.revokeAllOf(Number(a.id));
}
