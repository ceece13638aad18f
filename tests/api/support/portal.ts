import { expect } from 'vitest';
import { schoolDayOf } from '../../../resources/format';
import { dynamic } from '../../../server/db/connection';
import { portalSessions } from '../../../server/portal/sessions';
import type { ReceivedMail } from './mail';
import type { TestServer } from './server';

/** A birth date `years` years and a month ago on the school's calendar. */
export function bornYearsAgo(years: number): string {
  const [y, m] = schoolDayOf().split('-').map(Number);
  const month = m === 1 ? 12 : m - 1;
  return `${m === 1 ? y - years - 1 : y - years}-${String(month).padStart(2, '0')}-10`;
}

/** A student and a guardian (with `email`) linked to them, made through the office's API. */
export async function family(
  server: TestServer,
  admin: string,
  { student = 'Aluno do Portal', guardian = 'Mãe do Portal', email = null as string | null } = {},
): Promise<{ studentId: number; guardianId: number }> {
  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token: admin, body });
  const s = await call('POST', '/api/students', { name: student, birth_date: bornYearsAgo(10) });
  expect(s.status, JSON.stringify(s.body)).toBe(201);
  const g = await call('POST', '/api/guardians', { name: guardian, email, kinship: 'mae' });
  expect(g.status, JSON.stringify(g.body)).toBe(201);
  const studentId = s.body.data.id as number;
  const guardianId = g.body.data.id as number;
  const link = await call('POST', `/api/students/${studentId}/guardians`, {
    guardian_id: guardianId,
    kinship: 'mae',
    financial_responsible: true,
    pedagogical_responsible: true,
  });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  return { studentId, guardianId };
}

/**
 * The one-time token of the last e-mail to `to` with a link to `page` (as the family would click it), once more than
 * `before` such e-mails have arrived.
 */
export async function linkToken(mails: ReceivedMail[], to: string, page: string, before = 0): Promise<string> {
  const pattern = new RegExp(`/portal/${page}\\?token=([A-Za-z0-9_-]{43})`);
  const matching = () => mails.filter((m) => m.to.includes(to) && pattern.test(m.text));
  await expect.poll(() => matching().length, { timeout: 10_000 }).toBeGreaterThan(before);
  return pattern.exec(matching().pop()!.text)![1];
}

/** Invites the guardian, takes the link with `password` and signs in: the portal token. */
export async function portalSignIn(
  server: TestServer,
  admin: string,
  mails: ReceivedMail[],
  { guardianId, email, password = 'senha-da-familia-1' }: { guardianId: number; email: string; password?: string },
): Promise<string> {
  const before = mails.filter((m) => m.to.includes(email) && m.text.includes('/portal/ativar')).length;
  const invited = await server.request('POST', `/api/guardians/${guardianId}/invite`, { token: admin });
  expect(invited.status, JSON.stringify(invited.body)).toBe(202);
  const token = await linkToken(mails, email, 'ativar', before);
  expect((await server.request('POST', '/api/portal/activate', { body: { token, password } })).status).toBe(200);
  const login = await server.request('POST', '/api/portal/login', { body: { email, password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.token as string;
}

/**
 * A guardian's activated portal account and a session of it, straight from the tables (the sign-in itself is
 * tests/api/portal-accounts.test.ts): the portal token.
 */
export async function portalSession(server: TestServer, guardianId: number, email: string): Promise<string> {
  const now = new Date().toISOString();
  const account = await dynamic(server.db)
    .insertInto('portal_accounts')
    .values({ guardian_id: guardianId, email, invited_at: now, activated_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return portalSessions(server.db, 1).issue(Number(account.id));
}
