import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, columnTexts, rowWith, see } from './support/ui';

/**
 * Issue 36, the secretary's lists: she filters the students by status and team, saves the query, exports the CSV
 * of what the filters show, and sends the portal invitation to the students she selected.
 */
describe('lists: filters, saved queries, CSV and bulk actions', () => {
  let browser: Browser;
  let page: Page;
  let team: { id: number; name: string };
  let token: string;
  const registrations: Record<string, number> = {};
  const LIVIA = 'Lívia Trancada Listas E2E';
  const MARCOS = 'Marcos Ativo Listas E2E';

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    token = await apiToken();
    team = (await api('GET', '/teams?perPage=1', token)).body.data[0];
    for (const [name, email] of [
      [LIVIA, 'livia.listas@familia.com.br'],
      [MARCOS, 'marcos.listas@familia.com.br'],
    ]) {
      const id = (await api('POST', '/students', token, { name, email, birth_date: '1990-05-04' })).body.data.id;
      const enrolled = await api('POST', '/registrations', token, { student_id: id, team_id: team.id });
      expect(enrolled.status).toBe(201);
      registrations[name] = enrolled.body.data.id;
      if (name === LIVIA) await api('PUT', `/students/${id}/status`, token, { status: 'Trancado' });
    }
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('filters the students by status and team', async () => {
    await goInApp(page, '/admin/alunos');
    await see(page, 'Relação de todos os alunos');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Trancado' }).click();
    await page.getByRole('combobox', { name: 'Turma' }).fill(team.name.slice(0, 12));
    await page.getByRole('option', { name: team.name, exact: false }).first().click();
    await rowWith(page, LIVIA.toUpperCase()).waitFor();
    await expect.poll(() => rowWith(page, MARCOS.toUpperCase()).count()).toBe(0);
    expect(new URL(page.url()).search).toContain('Trancado');
    await page.screenshot({ path: '/tmp/listas-1366.png' });
    expect(await axeProblems(page)).toEqual([]);
  });

  it('saves the query and finds it again under Filtros', async () => {
    await page.getByRole('button', { name: 'Adicionar filtro' }).click();
    await page.getByRole('menuitem', { name: 'Salvar consulta atual...' }).click();
    await page.getByLabel('Nome da consulta').fill('Trancados da turma');
    await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Adicionar filtro' }).click();
    await page.getByRole('menuitem', { name: 'Trancados da turma' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('exports a CSV of what the filters show: ;, BOM, dd/mm/aaaa', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar', exact: true }).click(),
    ]);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0].split(';').slice(0, 3)).toEqual(['#', 'Nome', 'Status']);
    const livia = lines.find((l) => l.includes(LIVIA))!.split(';');
    expect(livia[2]).toBe('Trancado');
    expect(livia.at(-1)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(lines.some((l) => l.includes(MARCOS))).toBe(false);
  });

  it('sends the portal invitation to the selected students, with the result in one notice', async () => {
    await rowWith(page, LIVIA.toUpperCase()).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Enviar convite do portal' }).click();
    await see(page, /convite enviado|Nenhum convite enviado/);
  });

  it('lists the overdue charges of a month in Cobranças (Financeiro)', async () => {
    const yesterday = new Date(Date.parse(`${schoolDayOf()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const charge = await api('POST', '/financials', token, {
      registration_id: registrations[MARCOS],
      value: '387,50',
      due_date: yesterday,
    });
    expect(charge.status).toBe(201);
    // Inside the app already loaded (the first test loads it), as its menu goes.
    await goInApp(page, '/admin/cobrancas');
    await see(page, 'Relação de todas as cobranças');
    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Vencida' }).click();
    await page.getByLabel('Mês de vencimento').fill(yesterday.slice(0, 7));
    const row = rowWith(page, MARCOS.toUpperCase());
    await row.waitFor();
    expect(await row.textContent()).toContain('R$ 387,50');
    expect(new URL(page.url()).search).toContain('vencida');
    await page.screenshot({ path: '/tmp/cobrancas-1366.png' });
    expect(await axeProblems(page)).toEqual([]);
  });

  it('draws a list slow to answer as placeholders, then its rows (what columnTexts waits for)', async () => {
    // Past a second of waiting react-admin draws grey placeholder rows (cells of a no-break space): a test reading the
    // column then read blanks (ensinos' and master-data's lists failed so under load).
    await page.route('**/api/teachings?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto('/admin/ensinos');
    await page.locator('tbody tr[style*="opacity"]').first().waitFor();
    expect(await columnTexts(page, 2)).toContain('ENSINO MÉDIO');
    await page.unroute('**/api/teachings?**');
  });

  it('keeps the filters behind the Filtros button on a phone', async () => {
    const { context, page: phone } = await newPage(browser, { width: 390, height: 844 });
    await putSession(phone);
    await phone.goto('/admin/alunos');
    await see(phone, 'Relação de todos os alunos');
    expect(await phone.getByRole('combobox', { name: 'Status' }).count()).toBe(0);
    await phone.getByRole('button', { name: 'Adicionar filtro' }).click();
    // A filter of the menu is ticked on and off (react-admin's menuitemcheckbox); a saved query is a plain menuitem.
    await phone.getByRole('menuitemcheckbox', { name: 'Status' }).click();
    await phone.getByRole('combobox', { name: 'Status' }).waitFor();
    await phone.keyboard.press('Escape');
    await phone.screenshot({ path: '/tmp/listas-390.png' });
    expect(await axeProblems(phone)).toEqual([]);
    await context.close();
  });
});
