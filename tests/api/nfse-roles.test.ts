import { afterAll, beforeAll, expect, it } from 'vitest';
import { familyCharge } from './support/nfse-sefin';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

const NO_INVOICES = 'Você não tem permissão para emitir, reenviar e cancelar notas fiscais de serviço (NFS-e).';
const NO_SETTINGS = 'Você não tem permissão para alterar as configurações da escola.';

/**
 * Who may see, issue and cancel the NFS-e (issue 41): the finance office (`invoices.manage`: Administração and
 * Financeiro); the issuer's settings and its certificate are Administração's (`settings.manage`). The whole route ×
 * role table is tests/api/permissions-matrix.test.ts; here the answers a person of each office gets.
 */
describeOnDatabases('NFS-e by role: Financeiro issues and cancels, Secretaria and Professor are refused', (dialect) => {
  let server: TestServer;
  let charge: number;
  const tokens: Record<string, string> = {};
  const as = (role: string, method: string, path: string, body?: unknown) =>
    server.request(method, path, { token: tokens[role], body });

  beforeAll(async () => {
    server = await startServer(dialect, { payments: { sandbox: true }, jobs: { pollMs: 40 } });
    tokens.admin = await server.session();
    for (const role of ['secretaria', 'professor', 'financeiro'] as const) {
      const email = `nfse.${role}@escolamodelo.edu.br`;
      const created = await as('admin', 'POST', '/api/users', {
        name: `Pessoa da ${role}`,
        email,
        password: 'senha-das-notas-1',
        role_id: ROLE_IDS[role],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      tokens[role] = await server.session(email);
    }
    const settings = await as('admin', 'PUT', '/api/nfse/settings', {
      cnpj: '12.ABC.345/01DE-35',
      municipio_ibge: '1501402',
      regime: 'simples_nacional',
      service_code: '080101',
      iss_rate: '2',
      issue_on: 'manual',
      environment: 'simulacao',
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    charge = (await familyCharge(server, tokens.admin, 'Lara Menezes', 1)).charge;
    expect((await as('admin', 'PUT', `/api/financials/${charge}`, { paid: 1 })).status).toBe(200);
  });
  afterAll(() => server.close());

  it('refuses Secretaria and Professor every invoice route and the settings, in Portuguese', async () => {
    // A paid charge of its own: the next test issues and cancels the shared one, in whichever order they run.
    const charge = (await familyCharge(server, tokens.admin, 'Caio Menezes', 2)).charge;
    expect((await as('admin', 'PUT', `/api/financials/${charge}`, { paid: 1 })).status).toBe(200);
    const routes: [string, string, unknown, string][] = [
      ['GET', '/api/nfse', undefined, NO_INVOICES],
      ['GET', `/api/financials/${charge}/nfse`, undefined, NO_INVOICES],
      ['POST', `/api/financials/${charge}/nfse`, {}, NO_INVOICES],
      ['GET', `/api/financials/${charge}/nfse/pdf`, undefined, NO_INVOICES],
      ['POST', `/api/financials/${charge}/nfse/cancel`, { reason: '1' }, NO_INVOICES],
      ['GET', '/api/nfse/certificate', undefined, NO_INVOICES],
      ['GET', '/api/nfse/settings', undefined, NO_SETTINGS],
      ['PUT', '/api/nfse/settings', { environment: null }, NO_SETTINGS],
      ['POST', '/api/nfse/certificate', {}, NO_SETTINGS],
    ];
    const answers: string[] = [];
    for (const role of ['secretaria', 'professor'])
      for (const [method, path, body, message] of routes) {
        const answer = await as(role, method, path, body);
        if (answer.status !== 403 || answer.body?.message !== message)
          answers.push(`${role} ${method} ${path}: ${answer.status} ${answer.body?.message}`);
      }
    expect(answers).toEqual([]);
    // Nothing was issued by the refused requests.
    expect((await as('admin', 'GET', `/api/financials/${charge}/nfse`)).status).toBe(404);
  });

  it('lets Financeiro issue, list, download and cancel, and read the certificate’s expiry — not the settings', async () => {
    const issued = await as('financeiro', 'POST', `/api/financials/${charge}/nfse`);
    expect(issued.status, JSON.stringify(issued.body)).toBe(202);
    await expect
      .poll(async () => (await as('financeiro', 'GET', `/api/financials/${charge}/nfse`)).body.document, {
        timeout: 20_000,
      })
      .not.toBeNull();
    const list = await as('financeiro', 'GET', '/api/nfse?status=emitida');
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { financial_id: number }) => r.financial_id)).toContain(charge);
    const pdf = await fetch(`${server.url}/api/financials/${charge}/nfse/pdf`, {
      headers: { authorization: `Bearer ${tokens.financeiro}` },
    });
    expect(pdf.status).toBe(200);
    expect((await as('financeiro', 'GET', '/api/nfse/certificate')).status).toBe(200);
    const cancelled = await as('financeiro', 'POST', `/api/financials/${charge}/nfse/cancel`, { reason: '1' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelada');
    for (const [method, path] of [
      ['GET', '/api/nfse/settings'],
      ['PUT', '/api/nfse/settings'],
      ['POST', '/api/nfse/certificate'],
    ]) {
      const refused = await as('financeiro', method, path, method === 'GET' ? undefined : {});
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: NO_SETTINGS });
    }
  });
});
