import type { Charges, PortalDocument, PortalMe, ReportCard } from '../../../src/portal/api';
import type { StudentAttendance } from '../../../src/students/AttendanceTable';
import { STUDENT_ATTENDANCE } from '../../../stories/support/attendance';
import { PORTAL_CHARGES, PORTAL_DOCUMENTS, PORTAL_ME, REPORT_CARD } from '../../../stories/support/portal';

/**
 * A fake `/api` for the portal's component tests: the contract's answers (PORTAL-CONTRACT.md) for Ana Paula's account,
 * each call recorded. An HTTP stub of the server, nothing of our database.
 */
export interface FakePortal {
  calls: { method: string; url: string; body: unknown; auth: string | null }[];
  me: PortalMe;
  reportCard: ReportCard;
  attendance: StudentAttendance;
  charges: Charges;
  documents: PortalDocument[];
  /** Answers that replace the default one of a route, by `METHOD /api/path`. */
  answers: Record<string, { status: number; body: unknown }>;
}

export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function fakePortal(): FakePortal {
  const fake: FakePortal = {
    calls: [],
    me: structuredClone(PORTAL_ME),
    reportCard: structuredClone(REPORT_CARD),
    attendance: structuredClone(STUDENT_ATTENDANCE),
    charges: structuredClone(PORTAL_CHARGES),
    documents: structuredClone(PORTAL_DOCUMENTS),
    answers: {},
  };
  return fake;
}

/** The fake server's answer to one request. */
export async function answer(fake: FakePortal, url: string, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const auth = new Headers(init?.headers).get('authorization');
  fake.calls.push({ method, url, body, auth });
  const { pathname } = new URL(url, 'http://escola.test');
  const set = fake.answers[`${method} ${pathname}`];
  if (set) return json(set.status, set.body);
  const student = /^\/api\/portal\/students\/(\d+)\/(.+)$/.exec(pathname);
  if (method === 'POST' && pathname === '/api/portal/login')
    return json(200, { token: 'portal-token-1', account: fake.me.account });
  if (method === 'POST' && pathname === '/api/portal/logout') return json(204, null);
  if (method === 'GET' && pathname === '/api/portal/me') return json(200, fake.me);
  if (!student) return json(404, { message: 'Não encontrado.' });
  const [, id, rest] = student;
  if (!fake.me.students.some((s) => String(s.id) === id)) return json(404, { message: 'Aluno não encontrado.' });
  if (method === 'GET' && rest === 'report-card') return json(200, fake.reportCard);
  if (method === 'GET' && rest === 'attendance') return json(200, fake.attendance);
  if (method === 'GET' && rest === 'charges') return json(200, fake.charges);
  if (method === 'GET' && rest === 'documents') return json(200, fake.documents);
  if (method === 'POST' && rest === 'declarations') {
    const document: PortalDocument = {
      id: 905,
      title: 'Declaração de matrícula',
      issued_at: '2026-11-26T12:30:00.000Z',
      code: 'K7P2-9QXD',
      verify_url: '/verificar/K7P2-9QXD',
      download_url: `/api/portal/students/${id}/documents/905/file`,
    };
    fake.documents = [document, ...fake.documents];
    return json(201, { document });
  }
  const pay = /^charges\/(\d+)\/payment$/.exec(rest);
  if (method === 'POST' && pay) {
    const chosen = (body as { method: string }).method;
    return json(200, {
      method: chosen,
      pix:
        chosen === 'pix'
          ? {
              qr_code: '00020126580014br.gov.bcb.pix0136escola-pix-5204000053039865406512.355802BR',
              qr_code_base64: 'iVBORw0KGgo=',
            }
          : null,
      boleto: null,
      card: null,
      // The demo's payment simulation (PORTAL-CONTRACT.md, Changes 03:15).
      ticket_url: '/simulacao/pagamentos/sim-311',
      sandbox: true,
    });
  }
  return json(404, { message: 'Não encontrado.' });
}
