import { beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { invoiceSetupOf, setInvoiceSetup, type InvoiceSetup } from '../../server/invoices/setup';
import { pdfText } from '../support/pdf-text';
import { FLOW_SETTINGS, ScriptedService } from './support/invoice-service';
import { familyCharge as familyChargeOf } from './support/nfse-sefin';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases } from './support/server';

const QUICK = { pollMs: 40, backoff: { baseMs: 100, maxMs: 400 }, maxAttempts: 3 };

describeOnDatabases('NFS-e: the tomador’s address and the course’s service code', (dialect) => {
  const fresh = serverPerFile(dialect, { payments: { sandbox: true }, jobs: QUICK });
  const { call } = fresh;
  let seq = 0;
  let core: InvoiceSetup;
  beforeAll(() => {
    core = invoiceSetupOf(fresh.server.db);
  });

  /** A student enrolled in team 1 whose mother pays, with her address in Belém (less what `without` removes). */
  const familyCharge = (name: string, without: Record<string, null> = {}) =>
    familyChargeOf(fresh.server, fresh.token, name, ++seq, { complement: 'Apto 301', ...without });

  const invoiceOf = async (charge: number) => (await call('GET', `/api/financials/${charge}/nfse`)).body;
  const settled = (charge: number, status: string) =>
    expect.poll(async () => (await invoiceOf(charge)).status, { timeout: 20_000, interval: 50 }).toBe(status);

  it('reports a payer without CEP to the office instead of sending; with the CEP typed, the resubmission is issued', async () => {
    const service = new ScriptedService();
    setInvoiceSetup(fresh.server.db, { settings: async () => FLOW_SETTINGS, service: async () => service });
    const family = await familyCharge('Lívia Monteiro', { cep: null });
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    await settled(family.charge, 'rejeitada');
    // On the charge, and in Financeiro › Notas fiscais.
    expect((await invoiceOf(family.charge)).errors).toEqual([
      {
        code: 'TOMADOR',
        message: 'O endereço do responsável financeiro (Mãe de Lívia Monteiro) está incompleto: informe o CEP.',
      },
    ]);
    const list = await call('GET', '/api/nfse?status=rejeitada&perPage=100');
    const row = list.body.data.find((r: { financial_id: number }) => r.financial_id === family.charge);
    expect(row.errors[0].message).toMatch(/informe o CEP\.$/);
    expect(service.calls).toHaveLength(0);

    expect((await call('PUT', `/api/guardians/${family.guardian}`, { cep: '66.010-000' })).status).toBe(200);
    expect((await call('POST', `/api/financials/${family.charge}/nfse`)).status).toBe(202);
    await settled(family.charge, 'emitida');
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0].taker.address).toEqual({
      cep: '66010000',
      street: 'Avenida Nazaré',
      number: '512',
      complement: 'Apto 301',
      neighborhood: 'Nazaré',
      municipalityIbge: '1501402',
    });
    // The course of team 1 sets no code: the school's.
    expect(service.calls[0].serviceCode).toBe('080101');
  });

  it('reports a city the IBGE list does not have in its UF', async () => {
    const service = new ScriptedService();
    setInvoiceSetup(fresh.server.db, { settings: async () => FLOW_SETTINGS, service: async () => service });
    const family = await familyCharge('Otávio Prado');
    expect((await call('PUT', `/api/guardians/${family.guardian}`, { city: 'Belen' })).status).toBe(200);
    expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
    await settled(family.charge, 'rejeitada');
    expect((await invoiceOf(family.charge)).errors[0].message).toBe(
      "A cidade 'Belen' (PA) do responsável financeiro (Mãe de Otávio Prado) não foi encontrada na lista do IBGE: corrija a cidade ou a UF no cadastro.",
    );
    expect(service.calls).toHaveLength(0);
  });

  it('sends the course’s service code and the address in the DPS, and prints both on the DANFSe', async () => {
    setInvoiceSetup(fresh.server.db, core);
    const saved = await call('PUT', '/api/nfse/settings', {
      cnpj: '12.345.678/0001-95',
      inscricao_municipal: '1234567',
      municipio_ibge: '1501402',
      regime: 'simples_nacional',
      service_code: '080101',
      iss_rate: '2',
      issue_on: 'payment',
      environment: 'simulacao',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const course = await dynamic(fresh.server.db)
      .selectFrom('teams as t')
      .innerJoin('grids as g', 'g.id', 't.grid_id')
      .select('g.course_id')
      .where('t.id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(course.course_id).not.toBeNull();
    const put = await call('PUT', `/api/courses/${course.course_id}`, { service_code: '080201' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const family = await familyCharge('Renata Queiroz');
      expect((await call('PUT', `/api/financials/${family.charge}`, { paid: 1 })).status).toBe(200);
      await settled(family.charge, 'emitida');
      // The simulation keeps the DPS it was given inside the NFS-e it answers.
      const { xml } = await dynamic(fresh.server.db)
        .selectFrom('nfse_invoices')
        .select('xml')
        .where('financial_id', '=', family.charge)
        .executeTakeFirstOrThrow();
      expect(xml).toContain('<cServ><cTribNac>080201</cTribNac>');
      expect(xml).toContain(
        '<end><endNac><cMun>1501402</cMun><CEP>66010000</CEP></endNac><xLgr>Avenida Nazaré</xLgr><nro>512</nro>' +
          '<xCpl>Apto 301</xCpl><xBairro>Nazaré</xBairro></end>',
      );
      await expect.poll(async () => (await invoiceOf(family.charge)).document, { timeout: 20_000 }).not.toBeNull();
      const pdf = await fetch(`${fresh.server.url}/api/financials/${family.charge}/nfse/pdf`, {
        headers: { authorization: `Bearer ${fresh.token}` },
      });
      expect(pdf.status).toBe(200);
      const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
      expect(text).toContain('Avenida Nazaré, 512, Apto 301 — Nazaré — Belém/PA — CEP 66010-000');
      expect(text).toContain('Código do serviço (LC 116) 080201');
    } finally {
      await call('PUT', `/api/courses/${course.course_id}`, { service_code: null });
    }
  });

  it('refuses a course service code outside the education items', async () => {
    const bad = await call('PUT', '/api/courses/1', { service_code: '140101' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toContain('service_code');
  });
});
