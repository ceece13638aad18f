import { beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { invoiceSetupOf, setInvoiceSetup, type InvoiceSetup } from '../../server/invoices/setup';
import { pdfText } from '../support/pdf-text';
import { FLOW_SETTINGS, ScriptedService } from './support/invoice-service';
import { familyCharge as familyChargeOf, payInSimulation as paidInSimulation } from './support/nfse-sefin';
import { serverPerFile } from './support/per-test';
import { portalSession } from './support/portal';
import { describeOnDatabases } from './support/server';

const QUICK = { pollMs: 40, backoff: { baseMs: 100, maxMs: 400 }, maxAttempts: 3 };

describeOnDatabases('NFS-e flow: one invoice per payment, exactly once', (dialect) => {
  const fresh = serverPerFile(dialect, { payments: { sandbox: true }, jobs: QUICK });
  const { call } = fresh;
  let seq = 0;
  let service: ScriptedService;
  // The core's settings and adapters, as the server put them: the simulation's test goes back to them.
  let core: InvoiceSetup;
  beforeAll(() => {
    core = invoiceSetupOf(fresh.server.db);
  });

  /** A fresh steerable service and the settings saying to issue on payment, for the test that calls it. */
  function configure(settings = FLOW_SETTINGS) {
    service = new ScriptedService();
    setInvoiceSetup(fresh.server.db, { settings: async () => settings, service: async () => service });
    return service;
  }

  const familyCharge = (name: string, { withoutCpf = false } = {}) =>
    familyChargeOf(fresh.server, fresh.token, name, ++seq, withoutCpf ? { cpf: undefined } : {});
  const payInSimulation = (charge: number) => paidInSimulation(fresh.server, fresh.token, charge);

  const invoiceOf = async (charge: number) => (await call('GET', `/api/financials/${charge}/nfse`)).body;
  const settled = (charge: number, status: string) =>
    expect.poll(async () => (await invoiceOf(charge)).status, { timeout: 20_000, interval: 50 }).toBe(status);
  const rows = async (charge: number) =>
    dynamic(fresh.server.db).selectFrom('nfse_invoices').selectAll().where('financial_id', '=', charge).execute();

  it('issues the NFS-e of a payment settled in the simulation: its DANFSe, the clerk’s list and the portal', async () => {
    setInvoiceSetup(fresh.server.db, core);
    const saved = await call('PUT', '/api/nfse/settings', {
      cnpj: '12.ABC.345/01DE-35',
      inscricao_municipal: '1234567',
      municipio_ibge: '1501402',
      regime: 'simples_nacional',
      service_code: '08.01.01',
      iss_rate: '2,5',
      description_template: 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).',
      issue_on: 'payment',
      environment: 'simulacao',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const family = await familyCharge('Ana Beatriz Nogueira');
    expect((await call('GET', `/api/financials/${family.charge}/nfse`)).status).toBe(404);
    await payInSimulation(family.charge);
    await settled(family.charge, 'emitida');
    const invoice = await invoiceOf(family.charge);
    expect(invoice).toMatchObject({ number: String(invoice.dps.number), errors: [], simulated: true });
    expect(invoice.amount_cents).toBe(85_000);
    expect(invoice.access_key).toHaveLength(50);
    expect(invoice.description).toBe(
      'Mensalidade escolar de Ana Beatriz Nogueira, referente a março de 2030 (parcela 1).',
    );
    // The DANFSe, stored as the student's issued document once the invoice is recorded.
    await expect.poll(async () => (await invoiceOf(family.charge)).document, { timeout: 20_000 }).not.toBeNull();
    const { document } = await invoiceOf(family.charge);
    expect(document.code).toMatch(/^NFSE_/);
    const pdf = await fetch(`${fresh.server.url}/api/financials/${family.charge}/nfse/pdf`, {
      headers: { authorization: `Bearer ${fresh.token}` },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('SIMULAÇÃO — SEM VALOR FISCAL');
    expect(text).toContain(`Número da NFS-e ${invoice.number}`);
    expect(text).toContain(invoice.access_key);
    expect(text).toContain('R$ 850,00');
    expect(text).toContain('Mãe de Ana Beatriz Nogueira');
    expect(text).toContain('12.ABC.345/01DE-35');
    // The clerk's list names the charge and the student.
    const list = await call('GET', '/api/nfse?status=emitida&perPage=100');
    expect(list.body.data.find((r: { financial_id: number }) => r.financial_id === family.charge)).toMatchObject({
      status: 'emitida',
      number: invoice.number,
      student: { id: family.student, name: 'Ana Beatriz Nogueira' },
      amount_cents: 85_000,
    });
    // The family finds it beside the receipt.
    const token = await portalSession(fresh.server, family.guardian, family.email);
    const portal = await fresh.server.request('GET', `/api/portal/students/${family.student}/charges`, { token });
    const paid = portal.body.paid.find((c: { id: number }) => c.id === family.charge);
    expect(paid.nfse).toMatchObject({ number: invoice.number, status: 'emitida' });
    const file = await fetch(`${fresh.server.url}${paid.nfse.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(await pdfText(Buffer.from(await file.arrayBuffer()))).toContain('DANFSe');
  });

  it('reports a payer without CPF to the office; fixed and resubmitted, the same DPS is issued', async () => {
    configure();
    const family = await familyCharge('Bruno Cardoso', { withoutCpf: true });
    // Paid at the desk: the payment provider would have asked the CPF too.
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    await settled(family.charge, 'rejeitada');
    const rejected = await invoiceOf(family.charge);
    expect(rejected.errors).toEqual([
      {
        code: 'TOMADOR',
        message:
          'O responsável financeiro (Mãe de Bruno Cardoso) está sem CPF no cadastro: informe o CPF para emitir a nota.',
      },
    ]);
    expect(service.calls).toHaveLength(0);
    const list = await call('GET', '/api/nfse?status=rejeitada&perPage=100');
    expect(list.body.data.map((r: { financial_id: number }) => r.financial_id)).toContain(family.charge);
    expect((await call('PUT', `/api/guardians/${family.guardian}`, { cpf: family.cpf })).status).toBe(200);
    const resent = await call('POST', `/api/financials/${family.charge}/nfse`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(202);
    await settled(family.charge, 'emitida');
    expect(service.calls.map((c) => c.number)).toEqual([rejected.dps.number]);
    // Issued: a second issue by hand is refused.
    const again = await call('POST', `/api/financials/${family.charge}/nfse`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A nota fiscal desta cobrança já foi emitida.');
  });

  it('shows the service’s rejection; resubmitted after the fix it is issued', async () => {
    configure().steps = [{ reject: [{ code: 'E0312', message: 'Código de tributação nacional inexistente.' }] }];
    const family = await familyCharge('Camila Duarte');
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    await settled(family.charge, 'rejeitada');
    expect((await invoiceOf(family.charge)).errors).toEqual([
      { code: 'E0312', message: 'Código de tributação nacional inexistente.' },
    ]);
    expect((await call('POST', `/api/financials/${family.charge}/nfse`)).status).toBe(202);
    await settled(family.charge, 'emitida');
    expect(service.calls).toHaveLength(2);
    expect(new Set(service.calls.map((c) => c.number)).size).toBe(1);
  });

  it('retries timeouts with backoff, and reads back a DPS the service had issued when its answer was lost', async () => {
    configure().steps = ['timeout', 'lost', 'ok'];
    const family = await familyCharge('Diego Ferreira');
    await payInSimulation(family.charge);
    await settled(family.charge, 'emitida');
    // Three sends of the same DPS, one NFS-e.
    expect(service.calls).toHaveLength(3);
    expect(new Set(service.calls.map((c) => `${c.series}/${c.number}`)).size).toBe(1);
    expect(service.issued.size).toBe(1);
    expect(await rows(family.charge)).toHaveLength(1);
  });

  it('makes one invoice and one job for a payment marked paid twice at once', async () => {
    configure();
    const family = await familyCharge('Elisa Gomes');
    const both = await Promise.all([
      call('PUT', `/api/financials/${family.charge}`, { paid: 1 }),
      call('PUT', `/api/financials/${family.charge}`, { paid: 1 }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await settled(family.charge, 'emitida');
    expect(await rows(family.charge)).toHaveLength(1);
    const jobs = await dynamic(fresh.server.db)
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', 'nfse.issue')
      .where('key', 'like', `nfse.issue:${(await rows(family.charge))[0].id}:%`)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(service.issued.size).toBe(1);
  });

  it('offers the cancellation when the payment is undone, and cancels through the service with the reason', async () => {
    configure();
    const family = await familyCharge('Fábio Henrique');
    await payInSimulation(family.charge);
    await settled(family.charge, 'emitida');
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 0 })).status).toBe(200);
    expect(await invoiceOf(family.charge)).toMatchObject({ status: 'emitida', cancel_suggested: true });
    const offered = await call('GET', '/api/nfse?cancel_suggested=1&perPage=100');
    expect(offered.body.data.map((r: { financial_id: number }) => r.financial_id)).toContain(family.charge);
    const bad = await call('POST', `/api/financials/${family.charge}/nfse/cancel`, { reason: '7' });
    expect(bad.status).toBe(422);
    const cancelled = await call('POST', `/api/financials/${family.charge}/nfse/cancel`, { reason: '2' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelada', cancel_suggested: false });
    const { access_key } = cancelled.body.data;
    expect(service.cancelled).toEqual([{ accessKey: access_key, code: '2', text: 'Serviço não prestado' }]);
    expect((await call('POST', `/api/financials/${family.charge}/nfse/cancel`, { reason: '2' })).status).toBe(409);
    // Paid again: a new invoice, with a new DPS number.
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    await settled(family.charge, 'emitida');
    const numbers = (await rows(family.charge)).map((r) => Number(r.dps_number));
    expect(new Set(numbers).size).toBe(2);
    // A charge with invoices is a fiscal record: it is not removed.
    expect((await call('DELETE', `/api/financials/${family.charge}`)).status).toBe(409);
  });

  it('issues a substitute for a corrected value, replacing the issued invoice', async () => {
    configure();
    const family = await familyCharge('Igor Lacerda');
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    await settled(family.charge, 'emitida');
    const first = await invoiceOf(family.charge);
    // The value was wrong: the payment is undone, the value corrected and the charge paid again.
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 0 })).status).toBe(200);
    expect((await call('PUT', `/api/financials/${family.charge}`, { value: '800,00' })).status).toBe(200);
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    expect(await invoiceOf(family.charge)).toMatchObject({ id: first.id, cancel_suggested: false });
    const substitute = await call('POST', `/api/financials/${family.charge}/nfse`);
    expect(substitute.status, JSON.stringify(substitute.body)).toBe(202);
    await settled(family.charge, 'emitida');
    const now = await invoiceOf(family.charge);
    expect(now).toMatchObject({ amount_cents: 80_000, replaces_id: first.id });
    expect(service.calls.at(-1)!.replacesAccessKey).toBe(first.access_key);
    const replaced = (await rows(family.charge)).find((r) => Number(r.id) === first.id)!;
    expect(replaced.status).toBe('cancelada');
  });

  it('answers 422 for a charge not paid, or with nothing configured, and 404 for none', async () => {
    configure();
    const family = await familyCharge('Gabriela Isidoro');
    const open = await call('POST', `/api/financials/${family.charge}/nfse`);
    expect(open.status).toBe(422);
    expect(open.body.message).toBe('Só é possível emitir a nota fiscal de uma cobrança paga.');
    setInvoiceSetup(fresh.server.db, { settings: async () => null, service: async () => null });
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    // Nothing configured: paying makes no invoice, and issuing by hand says why.
    expect(await rows(family.charge)).toHaveLength(0);
    const manual = await call('POST', `/api/financials/${family.charge}/nfse`);
    expect(manual.status).toBe(422);
    expect(manual.body.message).toMatch(/^A nota fiscal não está configurada/);
    expect((await call('GET', '/api/financials/999999/nfse')).status).toBe(404);
    expect((await call('GET', '/api/nfse?status=perdida')).status).toBe(422);
  });

  it('issues by hand when the settings say so, not on payment', async () => {
    configure({ ...FLOW_SETTINGS, issue_on: 'manual' });
    const family = await familyCharge('Heitor Jardim');
    await payInSimulation(family.charge);
    expect(await rows(family.charge)).toHaveLength(0);
    const made = await call('POST', `/api/financials/${family.charge}/nfse`);
    expect(made.status).toBe(202);
    expect(made.body.data.status).toBe('pendente');
    await settled(family.charge, 'emitida');
  });
});
