import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, see, teamListOf } from './support/ui';

/**
 * The school calendar (issue 38). The secretary opens 2027 under Pedagógico › Anos letivos, finds Carnaval and
 * Tiradentes already marked (computed, nobody typed them), adds the city's São João as a holiday, sees the count of
 * school days drop by one, and finds it still there after a reload; on a phone the same calendar fits the screen.
 */
describe('the secretary sets up the 2027 calendar', () => {
  let browser: Browser;
  let desk: Page;
  let yearId = 0;

  beforeAll(async () => {
    const token = await apiToken();
    const years = (await api('GET', '/school-years', token)).body.data as { id: number; year: number }[];
    yearId = years.find((y) => y.year === 2027)!.id;
    browser = await launch();
    ({ page: desk } = await newPage(browser, { width: 1366, height: 768 }));
    await putSession(desk);
  });
  afterAll(() => browser?.close());

  const day = (page: Page, label: RegExp) => page.getByRole('button', { name: label });
  const count = async (page: Page) => Number(await page.getByTestId('school-days').textContent());

  it("opens 2027's calendar with Carnaval and Tiradentes marked", async () => {
    await goInApp(desk, '/admin/anos-letivos');
    await desk.getByRole('cell', { name: '2027', exact: true }).click();
    await desk.getByRole('tab', { name: 'Calendário' }).click();
    await desk.getByRole('heading', { name: 'Calendário de 2027' }).waitFor();
    await day(desk, /^8 de fevereiro, segunda: recesso, Carnaval$/).waitFor();
    await day(desk, /^9 de fevereiro, terça: recesso, Carnaval$/).waitFor();
    await day(desk, /^21 de abril, quarta: feriado, Tiradentes$/).waitFor();
    expect(await count(desk)).toBe(221);
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/calendario-1366.png', fullPage: true });
  });

  it('adds a municipal holiday: the count drops by one, and a reload keeps it', async () => {
    const before = await count(desk);
    await day(desk, /^24 de junho, quinta$/).click();
    const dialog = desk.getByRole('dialog', { name: '24/06/2027' });
    await dialog.getByLabel('Tipo do dia').click();
    await desk.getByRole('option', { name: 'Feriado' }).click();
    await dialog.getByLabel('Descrição').fill('São João');
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/calendario-dia-1366.png' });
    await dialog.getByRole('button', { name: 'Salvar dia' }).click();
    await see(desk, 'Calendário salvo com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => count(desk)).toBe(before - 1);
    await day(desk, /^24 de junho, quinta: feriado, São João$/).waitFor();

    await desk.reload();
    await desk.getByRole('tab', { name: 'Calendário' }).click();
    await day(desk, /^24 de junho, quinta: feriado, São João$/).waitFor();
    expect(await count(desk)).toBe(before - 1);
  });

  it("opens Turmas on the current school year's teams, and a team shows its LDB line", async () => {
    // The server says which year is current (today's, else the last begun): the test asks it and gives it a team,
    // so that it holds whatever the date.
    const token = await apiToken();
    const current = (await api('GET', '/school-years/current', token)).body.data[0];
    const name = `TURMA DO ANO CORRENTE ${Date.now() % 100000}`;
    const dates = { start_date: current.start_date, end_date: current.end_date };
    expect((await api('POST', '/teams', token, { name, ...dates, polo_id: 1, grid_id: 1 })).status).toBe(201);
    // Inside the app already loaded (the first test loads it), as its menu goes.
    await goInApp(desk, '/admin/turmas');
    // The list opens filtered on the current school year, and says so.
    const filter = desk.getByLabel('Ano letivo').first();
    // Filled once the list has the server's current year (it failed on a loaded machine, read before that answer).
    await expect.poll(() => filter.inputValue()).toContain(String(current.year));
    await desk.getByRole('cell', { name }).click();
    await see(desk, new RegExp(`^LDB: \\d+ dias letivos em ${current.year} \\(mínimo 200\\)`));
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/turma-ldb-1366.png', fullPage: true });
  });

  it('on a phone, the calendar fits the screen', async () => {
    const { page: phone } = await newPage(browser, { width: 390, height: 844 });
    await putSession(phone);
    await phone.goto(teamListOf(2026));
    await phone.getByText('TURMA MÉDIO 2026 A').first().waitFor();
    await phone.screenshot({ path: '/tmp/turmas-390.png' });
    await phone.goto(`/admin/anos-letivos/${yearId}/editar?aba=calendário`);
    await phone.getByRole('tab', { name: 'Calendário' }).click();
    await phone.getByRole('heading', { name: 'Calendário de 2027' }).waitFor();
    await day(phone, /^24 de junho, quinta: feriado, São João$/).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeProblems(phone)).toEqual([]);
    await phone.screenshot({ path: '/tmp/calendario-390.png' });
  });
});
