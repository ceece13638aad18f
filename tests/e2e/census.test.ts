import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, columnTexts } from './support/ui';

/**
 * The Censo Escolar all year (issue 40): the dashboard's card counts what the Educacenso would refuse; the secretary
 * opens the census screen from it, follows a problem to the student's form, fills in the missing cor/raça, and the
 * count drops by one; the problems are a list filtered by kind and searched by name. One signed-in page for the
 * whole walk; the census screen also seen on a phone. A discipline without its componente curricular is followed to
 * its form and answered there.
 */
describe('the secretary fixes a census problem from the dashboard card', () => {
  const tag = randomUUID().slice(0, 6);
  const name = `Joana Censo Ferreira ${tag}`;
  let browser: Browser;
  let desk: Page;
  let phone: Page;
  let student = 0;
  let before = 0;

  const cardCount = async (page: Page) => {
    const card = page.getByTestId('cartao-censo');
    await card.getByText(/pendência/).waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="cartao-censo"] p')?.textContent?.includes('…'),
    );
    return Number(await card.locator('p').first().textContent());
  };

  beforeAll(async () => {
    const token = await apiToken();
    const created = await api('POST', '/students', token, {
      name,
      birth_date: '2018-04-09',
      name_mother: 'Rosângela Ferreira',
      gender: 'F',
      nationality_kind: '1',
      birth_municipality_ibge: '1501402',
      filiation: '1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    student = created.body.data.id;
    // Enrolled before the census' reference date (27/05/2026): the census counts her.
    const enrolled = await api('POST', '/registrations', token, {
      student_id: student,
      team_id: 1,
      enrolled_on: '2026-02-10',
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    browser = await launch();
    ({ page: desk } = await newPage(browser, { width: 1366, height: 768 }));
    ({ page: phone } = await newPage(browser, { width: 390, height: 844 }));
    await putSession(desk);
    await putSession(phone);
  });
  afterAll(() => browser?.close());

  it('the card counts the problems and leads to the one of the student', async () => {
    await desk.goto('/admin');
    before = await cardCount(desk);
    expect(before).toBeGreaterThan(0);
    await desk.getByTestId('cartao-censo').click();
    await desk.waitForURL('**/admin/censo');
    await desk.getByRole('heading', { level: 1, name: /Censo Escolar/ }).waitFor();
    // The problems are a react-admin list of 25 a page: the secretary narrows it to students and searches the name
    // (without its accents).
    await desk.getByRole('combobox', { name: 'Cadastro' }).click();
    await desk.getByRole('option', { name: 'Aluno' }).click();
    await desk.getByLabel('Buscar por nome').fill(`joana censo ferreira ${tag}`);
    const problem = desk.getByRole('link', { name: `Aluno ${name.toUpperCase()}: cor/raça não informada.` });
    await problem.waitFor();
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/censo-1366.png' });
    await phone.goto('/admin/censo');
    await phone.getByLabel('Buscar por nome').fill(name);
    await phone.getByRole('link', { name: `Aluno ${name.toUpperCase()}: cor/raça não informada.` }).waitFor();
    await phone.screenshot({ path: '/tmp/censo-390.png' });
    await problem.click();
    await desk.waitForURL(`**/admin/alunos/${student}/editar`);
  });

  it('fixing the field on the form drops the count by one', async () => {
    // The country list loads apart from the app (resources/census-code-lists.ts): the saved code reads "Brasil".
    await expect
      .poll(() => desk.getByRole('combobox', { name: 'País de nacionalidade' }).inputValue(), { timeout: 10_000 })
      .toBe('Brasil');
    await desk.getByRole('combobox', { name: 'Cor/raça' }).click();
    await desk.getByRole('option', { name: 'Parda' }).click();
    await desk.getByRole('button', { name: 'Salvar' }).click();
    await desk
      .getByText(/atualizado|salvo/i)
      .first()
      .waitFor();
    // To the dashboard inside the app: the card shows the count it had before, then the server's new one.
    await goInApp(desk, '/admin/dashboard');
    await expect.poll(() => cardCount(desk)).toBe(before - 1);
  });

  it("a discipline without its componente curricular leads to the discipline's form, whose Censo section answers it", async () => {
    const token = await apiToken();
    const list = await api('GET', '/disciplines?page=1&perPage=1000', token);
    type Discipline = { id: number; name: string; teaching_id: number; amount_of_reviews: number; workload: number };
    const math = (list.body.data as Discipline[]).find((d) => d.name === 'Matemática')!;
    const { name, teaching_id, amount_of_reviews, workload } = math;
    const form = { name, teaching_id, amount_of_reviews, workload };
    const cleared = await api('PUT', `/disciplines/${math.id}`, token, { ...form, census_component: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    // Loaded anew, so that the count is the server's after the change above (inside the app, the card would first show
    // the one it had).
    await desk.goto('/admin');
    const count = await cardCount(desk);
    // A full load, as before: in-app, the click on the problem's link once led nowhere within 15 s (a fresh clone,
    // 29/11/2026) — not understood yet; this test passed in every run with the load.
    await desk.goto('/admin/censo');
    await desk.getByRole('combobox', { name: 'Cadastro' }).click();
    await desk.getByRole('option', { name: 'Turma' }).click();
    // The filter applies after react-admin's debounce: a link clicked before it could be moved from under the click.
    await expect.poll(async () => [...new Set(await columnTexts(desk, 1))]).toEqual(['Turma']);
    await desk
      .getByRole('link', { name: /: a disciplina Matemática não tem o componente curricular do Censo\.$/ })
      .first()
      .click();
    await desk.waitForURL(`**/admin/disciplinas/${math.id}/editar`);
    await desk.getByText('Censo', { exact: true }).first().waitFor();
    const select = desk.getByRole('combobox', { name: 'Componente curricular (Censo)' });
    await select.fill('Matem');
    await desk.getByRole('option', { name: 'Matemática', exact: true }).click();
    await desk.getByRole('button', { name: 'Salvar' }).click();
    await desk
      .getByText(/atualizad|salv/i)
      .first()
      .waitFor();
    const again = await api('GET', '/disciplines?page=1&perPage=1000', token);
    const saved = (again.body.data as (Discipline & { census_component: string })[]).find((d) => d.id === math.id)!;
    expect(saved.census_component).toBe('3');
    await goInApp(desk, '/admin/dashboard');
    await expect.poll(() => cardCount(desk)).toBeLessThan(count);
  });
});
