import { dynamic, type Db } from '../db/connection';
import { HashedSessions, type SessionKind } from '../auth/sessions';

/** Who a portal session belongs to: a guardian's account, or an adult student's own. */
export interface PortalAccount {
  id: number;
  name: string;
  email: string;
  guardianId: number | null;
  studentId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The portal account of a `config.portal` route's session (never set on a staff route). */
    portalAccount?: PortalAccount;
  }
  interface FastifyContextConfig {
    /** A family portal route: it needs a portal session, and a staff token does not open it (401). */
    portal?: boolean;
  }
}

/** The account of a session, by the hash of its token; a revoked account's sessions open nothing. */
const PORTAL: SessionKind<PortalAccount> = {
  table: 'portal_sessions',
  ownerColumn: 'account_id',
  async load(db, hash, now) {
    const row = await dynamic(db)
      .selectFrom('portal_sessions as s')
      .innerJoin('portal_accounts as a', 'a.id', 's.account_id')
      .leftJoin('guardians as g', 'g.id', 'a.guardian_id')
      .leftJoin('students as st', 'st.id', 'a.student_id')
      .select(['a.id', 'a.email', 'a.guardian_id', 'a.student_id', 'g.name as guardian', 'st.name as student'])
      .select('s.expires_at')
      .where('s.token_hash', '=', hash)
      .where('s.expires_at', '>', now)
      .where('a.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      owner: {
        id: Number(row.id),
        name: String(row.guardian ?? row.student ?? ''),
        email: String(row.email),
        guardianId: row.guardian_id == null ? null : Number(row.guardian_id),
        studentId: row.student_id == null ? null : Number(row.student_id),
      },
      expiresAt: new Date(row.expires_at).toISOString(),
    };
  },
};

/** The family portal's sessions, apart from the staff's; every store of one database shares its cache. */
export const portalSessions = (db: Db, ttlHours: number) => new HashedSessions(db, ttlHours, PORTAL);
export type PortalSessions = ReturnType<typeof portalSessions>;
