import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken } from './support/ui';

/**
 * Receivables end to end (issue 27): an enrolment with a 10 % scholarship and a charge ten days late, what the
 * FINANCEIRO tab says it asks today, a three-instalment plan applied through its dialog, and the FINANCEIRO
 * dashboard's aging opening the charges behind it.
 */
describe('receivables: a scholarship, late fees, a plan and the money view', () => {
  const tag = randomUUID().slice(0, 8);
  const year = new Date().getUTCFullYear() + 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const planName = `Anuidade E2E ${tag}`;
  let browser: Browser;
  let page: Page;
  let studentId: number;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    const token = await apiToken();
    const student = await api('POST', '/students', token, { name: `Bolsista Receber ${tag}` });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    studentId = student.body.data.id;
    const team = (await api('GET', '/teams?page=0', token)).body.data[0];
    const enrolled = await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id });
    expect(enrolled.status).toBe(201);
    const registration = enrolled.body.data.id;
    const granted = await api('PUT', `/registrations/${registration}/scholarship`, token, {
      kind: 'percent',
      value: 10,
      reason: 'Irmãos matriculados',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const charge = await api('POST', '/financials', token, {
      registration_id: registration,
      value: '500,00',
      due_date: schoolDayOf(new Date(Date.now() - 10 * 86_400_000)),
      service_type_id: 1,
      payment_type: 4,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    const plan = await api('POST', '/payment-plans', token, {
      name: planName,
      service_type_id: 1,
      payment_type_id: 4,
      instalments: 3,
      value: '650,00',
      due_day: 31,
      first_month: `${year}-01`,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    await putSession(page);
  });
  afterAll(() => browser?.close());

  const row = (quota: number) =>
    page.locator('tr', { has: page.getByRole('radio', { name: `Selecionar parcela ${quota}`, exact: true }) });

  it('shows beside a charge ten days late what it asks today: the scholarship off, fine and interest on', async () => {
    await page.goto(`/admin/alunos/${studentId}/editar`);
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    // R$ 500,00 less 10 % = 450,00; 2 % fine = 9,00; 1 % a month for 10 days = 1,50.
    await expect.poll(() => row(1).innerText()).toMatch(/R\$ 500,00\s+R\$ 460,50/);
  });

  it('applies a plan after showing its instalments, each due on the last day of a shorter month', async () => {
    await page.getByRole('button', { name: 'Aplicar plano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aplicar plano de pagamento' });
    await dialog.getByRole('combobox', { name: 'Plano de pagamento' }).click();
    await page.getByRole('option', { name: planName }).click();
    const preview = dialog.getByRole('table', { name: 'Parcelas do plano' });
    await expect
      .poll(() => preview.innerText())
      .toMatch(new RegExp(`31/01/${year}[\\s\\S]*${leap ? 29 : 28}/02/${year}[\\s\\S]*31/03/${year}`));
    await dialog.getByRole('button', { name: 'Aplicar plano' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(4).waitFor();
    // Before its due date the plan's charge asks its value less the scholarship: 650,00 − 65,00.
    await expect
      .poll(() => row(3).innerText())
      .toMatch(new RegExp(`${leap ? 29 : 28}/02/${year}\\s+R\\$ 650,00\\s+R\\$ 585,00`));
  });

  it('counts the late charge in the dashboard and opens the charges of its aging band', async () => {
    // Inside the app already loaded (the first test loads it), as its menu goes.
    await goInApp(page, '/admin/dashboard');
    const aging = page.getByRole('table', { name: 'Atraso por faixa de dias' });
    await aging.waitFor();
    const band = aging.locator('tr', { has: page.getByRole('link', { name: 'Cobranças com 1 a 30 dias de atraso' }) });
    await expect
      .poll(async () => Number((await band.locator('td').nth(1).innerText()).replace(/\D/g, '')))
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Cobranças com 1 a 30 dias de atraso' }).click();
    await page.waitForURL(/\/admin\/reports\/.*start_date=\d{4}-\d{2}-\d{2}.*paid=0/);
  });
});
