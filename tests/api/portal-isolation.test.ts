import { beforeAll, expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

/**
 * Issue 26's isolation: guardian A's session × every portal route the app registers (read from `app.apiRoutes`, so
 * a route added later joins by itself) × the ids of student B, of B's charges and of B's documents → 404; a portal
 * token on every staff route → 401/403; a staff token on every portal route → 401.
 */
describeOnDatabases('family portal: one family never reaches another’s student', (dialect) => {
  const fresh = serverPerFile(dialect, { payments: { sandbox: true } });
  const { call } = fresh;
  let a: { student: number; token: string; charge: number; document: number };
  let b: { student: number; token: string; charge: number; document: number };

  async function familyOf(name: string, email: string) {
    const student = (await call('POST', '/api/students', { name })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 1 })).body.data
      .id as number;
    const guardian = (await call('POST', '/api/guardians', { name: `Mãe de ${name}`, email })).body.data.id as number;
    await call('POST', `/api/students/${student}/guardians`, {
      guardian_id: guardian,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    const token = await portalSession(fresh.server, guardian, email);
    const charge = (
      await call('POST', '/api/financials', { registration_id: registration, value: '10,00', due_date: '2099-01-10' })
    ).body.data.id as number;
    // Paid, so that even its receipt is there to be refused.
    await call('PUT', `/api/financials/${charge}`, { paid: 1 });
    const declared = await fresh.server.request('POST', `/api/portal/students/${student}/declarations`, {
      token,
      body: {},
    });
    expect(declared.status).toBe(201);
    return { student, token, charge, document: declared.body.document.id as number };
  }

  beforeAll(async () => {
    a = await familyOf('Aluno da Família A', 'familia.a@exemplo.com');
    b = await familyOf('Aluno da Família B', 'familia.b@exemplo.com');
  });

  const portalRoutes = () => fresh.server.app.apiRoutes.filter((r) => r.portal);
  const bodyOf = (method: string, url: string) =>
    method === 'GET' || method === 'DELETE' ? undefined : url.endsWith('/payment') ? { method: 'pix' } : {};

  /** A route that takes only a form (the re-enrolment's documents): what a family's page sends, a PDF. */
  const upload = async (url: string, token: string) => {
    const form = new FormData();
    form.append('name', 'Comprovante de residência');
    form.append(
      'file',
      new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }),
      'a.pdf',
    );
    const res = await fetch(`${fresh.server.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { message?: unknown } };
  };

  it("answers 404 to guardian A for every portal route naming B's student, charge or document", async () => {
    const perStudent = portalRoutes().filter((r) => r.url.includes('/:id'));
    expect(perStudent.length).toBeGreaterThanOrEqual(9);
    const wrong: string[] = [];
    for (const route of perStudent) {
      // B's student with B's records, and A's own student with B's records: never found.
      for (const student of [b.student, a.student]) {
        const url = route.url
          .replace(':id', String(student))
          .replace(':charge_id', String(b.charge))
          .replace(':doc_id', String(b.document));
        if (student === a.student && !/:charge_id|:doc_id/.test(route.url)) continue;
        const { status, body } = route.url.endsWith('/documents')
          ? await upload(url, a.token)
          : await fresh.server.request(route.method, url, { token: a.token, body: bodyOf(route.method, route.url) });
        if (status !== 404 || typeof body?.message !== 'string') wrong.push(`${route.method} ${url}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    // B's records are still there for B: the 404s above were about reach, not about missing rows.
    const theirs = await fresh.server.request('GET', `/api/portal/students/${b.student}/documents`, { token: b.token });
    expect(theirs.body.map((d: { id: number }) => d.id)).toEqual([b.document]);
    expect(
      (await fresh.server.request('GET', `/api/portal/students/${b.student}/charges`, { token: b.token })).body.paid,
    ).toHaveLength(1);
  });

  it('refuses a portal token on every staff route, and a staff token on every portal route', async () => {
    const admin = await fresh.server.session();
    const wrong: string[] = [];
    for (const route of fresh.server.app.apiRoutes.filter((r) => !r.public)) {
      const url = route.url.replace(/:(\w+)/g, String(a.student));
      const token = route.portal ? admin : a.token;
      const { status } = await fresh.server.request(route.method, url, { token, body: bodyOf(route.method, url) });
      if (route.portal ? status !== 401 : ![401, 403].includes(status))
        wrong.push(`${route.portal ? 'equipe' : 'portal'} → ${route.method} ${url}: ${status}`);
    }
    expect(wrong).toEqual([]);
    // The portal session survived all of it, and opens its own student.
    expect((await fresh.server.request('GET', '/api/portal/me', { token: a.token })).body.students).toEqual([
      expect.objectContaining({ id: a.student }),
    ]);
  });
});
