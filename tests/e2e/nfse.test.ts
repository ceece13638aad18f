import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken } from './support/ui';

/**
 * The finance office and the NFS-e (issue 41), in the demonstration's simulation: a paid charge's invoice beside its
 * receipt on the FINANCEIRO tab, and Financeiro › Notas fiscais at 1366 and 390 px.
 */
describe('the NFS-e of a paid charge, on the FINANCEIRO tab and in Notas fiscais', () => {
  let browser: Browser;
  let page: Page;
  let studentId: number;
  const tag = String(randomInt(100_000, 999_999));
  const student = `Helena Castro Nunes ${tag}`;
  /** The shared server's NFS-e settings before this file, put back after it (other files expect none chosen). */
  let before: Record<string, unknown> | undefined;

  beforeAll(async () => {
    const token = await apiToken();
    const {
      certificate: _certificate,
      simulation_allowed: _allowed,
      ...saved
    } = (await api('GET', '/nfse/settings', token)).body.data;
    before = saved;
    const settings = await api('PUT', '/nfse/settings', token, {
      cnpj: '12.ABC.345/01DE-35',
      inscricao_municipal: '1234567',
      municipio_ibge: '1501402',
      regime: 'simples_nacional',
      service_code: '08.01.01',
      iss_rate: '2',
      description_template: 'Mensalidade escolar de {aluno}, referente a {mes} (parcela {parcela}).',
      issue_on: 'payment',
      environment: 'simulacao',
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const made = await api('POST', '/students', token, { name: student });
    studentId = made.body.data.id as number;
    const base = String(randomInt(100_000_000, 999_999_999));
    const guardian = await api('POST', '/guardians', token, {
      name: `Patrícia Castro ${tag}`,
      email: `patricia.${tag}@familia.com.br`,
      cpf: base + cpfCheckDigits(base),
    });
    await api('POST', `/students/${studentId}/guardians`, token, {
      guardian_id: guardian.body.data.id,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    const team = (await api('GET', '/teams?page=0', token)).body.data[0];
    const enrolment = await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id });
    const charge = await api('POST', '/financials', token, {
      registration_id: enrolment.body.data.id,
      value: '890,00',
      due_date: '2099-03-10',
      paid: 1,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    // Marked paid at the desk after being created: the payment issues the invoice through the job runner.
    const id = charge.body.data.id as number;
    await api('PUT', `/financials/${id}`, token, { paid: 0 });
    await api('PUT', `/financials/${id}`, token, { paid: 1 });
    // The job runner polls every few seconds; the DANFSe follows the invoice.
    for (let tries = 0; !(await api('GET', `/financials/${id}/nfse`, token)).body.document; tries++) {
      if (tries > 120) throw new Error('A nota fiscal não foi emitida.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    await putSession(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (!before) return;
    const restored = await api('PUT', '/nfse/settings', await apiToken(), before);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.environment).toBe(before.environment ?? null);
  });

  it('shows the invoice beside the receipt of the selected paid charge', async () => {
    await page.goto(`/admin/alunos/${studentId}/editar?aba=financeiro`);
    await page.getByRole('radio', { name: 'Selecionar parcela 1' }).check();
    const region = page.getByRole('region', { name: 'Nota fiscal da parcela selecionada' });
    await region.getByText('Emitida', { exact: true }).waitFor();
    await region.getByText(/simulação, sem valor fiscal/).waitFor();
    expect(await region.getByRole('button', { name: 'DANFSe (PDF)' }).count()).toBe(1);
    expect(await region.getByRole('button', { name: 'Cancelar nota' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/nfse-aba-financeiro-1366.png' });
    expect(await axeProblems(page)).toEqual([]);
  });

  it('opens Financeiro › Notas fiscais: the rejected ones by default, the issued one when asked', async () => {
    // Inside the app already loaded (the first test loads it), as its menu goes.
    await goInApp(page, '/admin/notas-fiscais');
    const situation = page.getByLabel('Situação');
    await situation.waitFor();
    expect(await situation.innerText()).toContain('Rejeitadas');
    await situation.click();
    await page.getByRole('option', { name: 'Emitidas' }).click();
    await page.getByText(student).first().waitFor();
    await page.screenshot({ path: '/tmp/nfse-lista-1366.png' });
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(`${student} — parcela 1`).waitFor();
    await page.screenshot({ path: '/tmp/nfse-lista-390.png' });
    expect(await axeProblems(page)).toEqual([]);
  });
});
