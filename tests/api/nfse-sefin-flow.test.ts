import { randomBytes } from 'node:crypto';
import { beforeAll, afterAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { pdfText } from '../support/pdf-text';
import { makeA1, makeCa } from './support/a1';
import { startFakeSefin, type FakeNfse, type FakeSefin } from './support/fake-sefin';
import { familyCharge, payInSimulation, RESTRICTED_SETTINGS, uploadA1 } from './support/nfse-sefin';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

const KEY = randomBytes(32);
const ca = makeCa();
const a1 = makeA1(ca, { password: 'senha-do-a1' });
/**
 * The service's answer is awaited this long before the try counts as a timeout (the product waits 30 s): long
 * enough for the fake's schema check on a loaded machine, short enough for the tests that make it time out.
 */
const TIMEOUT_MS = 5_000;
const QUICK = { pollMs: 40, backoff: { baseMs: 100, maxMs: 400 } };

/**
 * The NFS-e flow end to end against the fake Sefin Nacional (tests/api/support/fake-sefin.ts): the server's own
 * adapter over mutual TLS, with the A1 uploaded through the API, the settings in produção restrita, each invoice
 * issued by the `nfse.issue` job. nfse-flow.test.ts drives the same flow with a stand-in service instead.
 */
describeOnDatabases('NFS-e issued against the fake Sefin Nacional', (dialect) => {
  let fake: FakeSefin;
  beforeAll(async () => {
    fake = await startFakeSefin(ca);
  });
  afterAll(() => fake.close());
  const fresh = serverPerFile(dialect, () => ({
    encryptionKey: KEY,
    nfse: { sefinUrl: fake.url, ca: ca.certPem, timeoutMs: TIMEOUT_MS },
    jobs: QUICK,
    // The payment simulation (PIX page's "Pagar"): a payment settled by the provider's side, not by the clerk.
    payments: { sandbox: true },
  }));
  const { call } = fresh;
  let seq = 0;

  beforeAll(async () => {
    const uploaded = await uploadA1(fresh.server, fresh.token, a1, 'senha-do-a1');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const saved = await call('PUT', '/api/nfse/settings', RESTRICTED_SETTINGS);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  const family = (name: string) => familyCharge(fresh.server, fresh.token, name, ++seq);
  const invoiceOf = async (charge: number) => (await call('GET', `/api/financials/${charge}/nfse`)).body;
  const settled = (charge: number, status: string) =>
    expect.poll(async () => (await invoiceOf(charge)).status, { timeout: 30_000, interval: 50 }).toBe(status);
  const rows = (charge: number) =>
    dynamic(fresh.server.db).selectFrom('nfse_invoices').selectAll().where('financial_id', '=', charge).execute();
  const paidByClerk = async (charge: number) =>
    expect((await call('PUT', `/api/financials/${charge}`, { paid: 1 })).status).toBe(200);
  /** Paid in the simulation, as the family pays the PIX and the provider settles it. */
  const paidInSimulation = (charge: number) => payInSimulation(fresh.server, fresh.token, charge);
  /** The note the fake issued under this access key. */
  const atFake = (accessKey: string): FakeNfse | undefined =>
    [...fake.issued.values()].find((n) => n.accessKey === accessKey);
  /** What the fake saw during `run`: the DPS Ids posted and how many notes it issued. */
  async function watching(run: () => Promise<void>) {
    const received = fake.received.length;
    const issued = fake.issued.size;
    await run();
    return { received: fake.received.slice(received), issued: fake.issued.size - issued };
  }

  it('issues the paid charge’s NFS-e with the service’s number and key: its DANFSe, the clerk’s list, the portal', async () => {
    const f = await family('Ana Beatriz Nogueira');
    let invoice: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    const seen = await watching(async () => {
      await paidByClerk(f.charge);
      await settled(f.charge, 'emitida');
      invoice = await invoiceOf(f.charge);
    });
    const note = atFake(invoice.access_key)!;
    expect(note).toBeDefined();
    expect(seen).toEqual({ received: [note.id], issued: 1 });
    expect(invoice).toMatchObject({ number: String(note.number), simulated: false, errors: [], amount_cents: 85_000 });
    expect(invoice.issued_at).toBe('2026-03-10T13:00:05.000Z');
    // The DPS that reached the service: signed with the school's A1 (checked by the fake against the TLS certificate).
    expect(note.dps).toContain('<xDescServ>Mensalidade escolar de Ana Beatriz Nogueira, referente a março de 2030');
    expect(fake.signatureChecks.at(-1)).toBe(true);
    // …and valid against the layout's XSD (DPS_v1.01.xsd), which the fake checks before anything else.
    expect(fake.schemaChecks.at(-1)).toEqual({ document: 'DPS', valid: true, errors: [] });
    expect(fake.requests.at(-1)?.clientCn).toBe('ESCOLA EXEMPLO LTDA:12ABC34501DE35');

    await expect.poll(async () => (await invoiceOf(f.charge)).document, { timeout: 20_000 }).not.toBeNull();
    const pdf = await fetch(`${fresh.server.url}/api/financials/${f.charge}/nfse/pdf`, {
      headers: { authorization: `Bearer ${fresh.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain(`Número da NFS-e ${note.number}`);
    expect(text).toContain(note.accessKey);
    expect(text).toContain('R$ 850,00');
    expect(text).toContain('Mãe de Ana Beatriz Nogueira');
    expect(text).not.toContain('SIMULAÇÃO');

    const list = await call('GET', '/api/nfse?status=emitida&perPage=100');
    expect(list.body.data.find((r: { financial_id: number }) => r.financial_id === f.charge)).toMatchObject({
      status: 'emitida',
      number: String(note.number),
      student: { id: f.student, name: 'Ana Beatriz Nogueira' },
      simulated: false,
    });

    const token = await portalSession(fresh.server, f.guardian, f.email);
    const portal = await fresh.server.request('GET', `/api/portal/students/${f.student}/charges`, { token });
    const paid = portal.body.paid.find((c: { id: number }) => c.id === f.charge);
    expect(paid.nfse).toMatchObject({ number: String(note.number), status: 'emitida' });
    const file = await fetch(`${fresh.server.url}${paid.nfse.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(await pdfText(Buffer.from(await file.arrayBuffer()))).toContain(note.accessKey);
  });

  it('shows the service’s rejection codes in the clerk’s list; resubmitted, the same DPS is issued once', async () => {
    const f = await family('Bruno Cardoso');
    const refused = [
      { code: 'E0312', message: 'Código de tributação nacional inexistente.' },
      { code: 'E0046', message: 'A alíquota informada difere da alíquota do município.' },
    ];
    fake.next = [{ reject: refused }];
    const seen = await watching(async () => {
      await paidByClerk(f.charge);
      await settled(f.charge, 'rejeitada');
      const list = await call('GET', '/api/nfse?status=rejeitada&perPage=100');
      expect(list.status).toBe(200);
      expect(list.body.data.find((r: { financial_id: number }) => r.financial_id === f.charge)).toMatchObject({
        status: 'rejeitada',
        number: null,
        errors: refused,
      });
      const resent = await call('POST', `/api/financials/${f.charge}/nfse`);
      expect(resent.status, JSON.stringify(resent.body)).toBe(202);
      await settled(f.charge, 'emitida');
    });
    const invoice = await invoiceOf(f.charge);
    expect(invoice.errors).toEqual([]);
    const note = atFake(invoice.access_key)!;
    expect(seen).toEqual({ received: [note.id, note.id], issued: 1 });
    expect(await rows(f.charge)).toHaveLength(1);
  });

  it('a payment settled in the simulation: a 500 retried through the job runner, and one note', async () => {
    const f = await family('Camila Duarte');
    fake.next = ['error500'];
    const seen = await watching(async () => {
      await paidInSimulation(f.charge);
      await settled(f.charge, 'emitida');
    });
    const note = atFake((await invoiceOf(f.charge)).access_key)!;
    expect(seen).toEqual({ received: [note.id, note.id], issued: 1 });
    expect(await rows(f.charge)).toHaveLength(1);
  });

  it('a timeout after the service had issued: the retry reads the DPS back and keeps one note', async () => {
    const f = await family('Diego Ferreira');
    fake.next = ['issue-and-hold'];
    const requests = fake.requests.length;
    const seen = await watching(async () => {
      await paidByClerk(f.charge);
      await settled(f.charge, 'emitida');
    });
    const invoice = await invoiceOf(f.charge);
    const note = atFake(invoice.access_key)!;
    // Sent twice with the same Id; the second refused as a duplicate (E0014) and the note read back by that Id.
    expect(seen).toEqual({ received: [note.id, note.id], issued: 1 });
    expect(fake.requests.slice(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /nfse',
      'POST /nfse',
      `GET /dps/${note.id}`,
      `GET /nfse/${note.accessKey}`,
    ]);
    expect(invoice.number).toBe(String(note.number));
    expect(await rows(f.charge)).toHaveLength(1);
  });

  it('a payment marked paid twice at once sends one DPS and gets one note', async () => {
    const f = await family('Elisa Gomes');
    const seen = await watching(async () => {
      const both = await Promise.all([
        call('PUT', `/api/financials/${f.charge}`, { paid: 1 }),
        call('PUT', `/api/financials/${f.charge}`, { paid: 1 }),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      await settled(f.charge, 'emitida');
    });
    expect(seen.issued).toBe(1);
    expect(seen.received).toHaveLength(1);
    expect(await rows(f.charge)).toHaveLength(1);
  });

  it('cancels: the fake receives the signed event with the reason, and the invoice is cancelada', async () => {
    const f = await family('Fábio Henrique');
    await paidByClerk(f.charge);
    await settled(f.charge, 'emitida');
    const { access_key } = await invoiceOf(f.charge);
    const cancelled = await call('POST', `/api/financials/${f.charge}/nfse/cancel`, {
      reason: '1',
      text: 'Valor da mensalidade lançado errado.',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelada', cancelled_at: '2026-03-11T12:00:00.000Z' });
    expect(fake.events.at(-1)).toEqual({ accessKey: access_key, reason: '1' });
    expect(fake.signatureChecks.at(-1)).toBe(true);
    expect(fake.schemaChecks.at(-1)).toEqual({ document: 'pedRegEvento', valid: true, errors: [] });
    expect(atFake(access_key)!.cancelled).toBe(true);
    const list = await call('GET', '/api/nfse?status=cancelada&perPage=100');
    expect(list.body.data.map((r: { financial_id: number }) => r.financial_id)).toContain(f.charge);
  });

  it('an expired certificate sends nothing and tells the clerk; with a new one the resubmission is issued', async () => {
    // Valid when sent (the upload refuses an expired one), expired a few seconds later.
    const shortLived = makeA1(ca, { password: 'senha-curta', notAfter: new Date(Date.now() + 3_000) });
    expect((await uploadA1(fresh.server, fresh.token, shortLived, 'senha-curta')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, shortLived.notAfter.getTime() - Date.now() + 200)));
    const f = await family('Gabriela Isidoro');
    const seen = await watching(async () => {
      await paidByClerk(f.charge);
      await settled(f.charge, 'rejeitada');
    });
    expect(seen).toEqual({ received: [], issued: 0 });
    expect((await invoiceOf(f.charge)).errors).toEqual([
      { code: 'CONFIGURACAO', message: 'O certificado digital da escola venceu: envie o novo.' },
    ]);
    expect((await uploadA1(fresh.server, fresh.token, a1, 'senha-do-a1')).status).toBe(200);
    expect((await call('POST', `/api/financials/${f.charge}/nfse`)).status).toBe(202);
    await settled(f.charge, 'emitida');
  });
});
