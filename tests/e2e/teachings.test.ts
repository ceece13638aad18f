import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launch, newPage } from './support/browser';
import { dataRows, expectMessageUnder, findTeachings, fullyShown, navigationsDuring, removeTeachingsNamed, shot, toast } from './support/screen';
import { api, apiToken, columnTexts, expectUrl, rowWith, todayInSaoPaulo } from './support/ui';

const NAME = 'Educação Profissional Ágil e Técnica';
const NAME_UPPER = 'EDUCAÇÃO PROFISSIONAL ÁGIL E TÉCNICA';
const DESCRIPTION = 'Cursos curtos de qualificação para o trabalho.';
const NEW_DESCRIPTION = 'Qualificação profissional em módulos semestrais.';

const byName = (a: string, b: string) => a.localeCompare(b, 'pt-BR');

/** A secretary's whole day with Ensinos: sign in, list, register, find, sort, edit, delete, sign out. */
describe('Ensinos, as a secretary works with them', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let id: number;

  const nome = () => page.getByLabel('Nome');
  const descricao = () => page.getByLabel('Descrição');
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const menu = () => page.getByRole('navigation', { name: 'Menu principal' });

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser));
    token = await apiToken();
    await removeTeachingsNamed(token, NAME);
  });
  afterAll(async () => {
    if (token) await removeTeachingsNamed(token, NAME);
    await browser?.close();
  });

  it('1. signs in through /login, which checks its fields and refuses a wrong password', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.getByText('Acesse sua conta').waitFor();
    const email = page.getByLabel('E-mail');
    const senha = page.getByLabel('Senha');

    await button('Entrar').click();
    await expectMessageUnder(email, 'Campo obrigatório.');
    await expectMessageUnder(senha, 'Campo obrigatório.');

    await email.fill('abc@x');
    await button('Entrar').click();
    await expectMessageUnder(email, 'E-mail deve ser válido.');

    await email.fill(E2E_ADMIN.email);
    await senha.fill('senha-errada-123');
    await button('Entrar').click();
    await toast(page, 'E-mail ou senha não correspondem.', 'Atenção!');
    expect(new URL(page.url()).pathname).toBe('/login');

    await senha.fill(E2E_ADMIN.password);
    await button('Entrar').click();
    await expectUrl(page, /^\/admin\/dashboard$/);
    await page.getByText('Dashboard de Gestão Escolar').waitFor();
  });

  it('2. opens Ensinos from the side menu: title, columns, upper-case names, newest first', async () => {
    await menu().getByRole('link', { name: 'Ensinos', exact: true }).click();
    await expectUrl(page, /^\/admin\/ensinos$/);
    await page.getByText('Relação de todos os ensinos').first().waitFor();
    const headers = (await page.locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(headers.slice(0, 4)).toEqual(['#', 'Nome', 'Descrição', 'Criado']);

    // The first page of the API in its default order, as the screen must show it.
    const stored = await api('GET', '/teachings?page=1&perPage=10', token);
    const expected = (stored.body.data as { id: number; name: string }[]).map((r) => ({ id: String(r.id), name: r.name.toLocaleUpperCase('pt-BR') }));
    await expect.poll(async () => (await columnTexts(page, 1)).join(',')).toBe(expected.map((r) => r.id).join(','));
    expect(await columnTexts(page, 2)).toEqual(expected.map((r) => r.name));
    const ids = (await columnTexts(page, 1)).map(Number);
    expect(ids[0]).toBe(Math.max(...ids));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await columnTexts(page, 2)).toContain('ENSINO MÉDIO');
    await shot(page, 'teachings-list');
  });

  it('3. registers a teaching: required Nome, LIMPAR, then SALVAR back to the list dated today', async () => {
    await page.getByRole('link', { name: 'Adicionar um novo' }).click();
    await expectUrl(page, /^\/admin\/ensinos\/registrar$/);
    await button('Salvar').click();
    await expectMessageUnder(nome(), 'Campo obrigatório.');
    await shot(page, 'teachings-form-errors');

    await nome().fill('Rascunho que não fica');
    await descricao().fill('Texto que será limpo');
    await button('Limpar').click();
    await expect.poll(() => nome().inputValue()).toBe('');
    expect(await descricao().inputValue()).toBe('');

    await nome().fill(NAME);
    await descricao().fill(DESCRIPTION);
    await button('Salvar').click();
    await toast(page, 'Registro criado com sucesso!', 'Sucesso!');
    await shot(page, 'teachings-toast-created');
    await expectUrl(page, /^\/admin\/ensinos$/);
    const row = rowWith(page, NAME_UPPER);
    await row.waitFor();
    expect(await row.locator('td').nth(3).innerText()).toMatch(new RegExp(`^${todayInSaoPaulo()}\\b`));

    const created = (await findTeachings(token, NAME)).filter((r) => r.name === NAME);
    expect(created).toHaveLength(1);
    expect(created[0].description).toBe(DESCRIPTION);
    id = created[0].id;
    expect(await row.locator('td').first().innerText()).toBe(String(id));
  });

  it('4. finds it by typing without accents in the filter', async () => {
    await page.getByPlaceholder('Filtrar a lista abaixo').fill('educacao profissional agil');
    await expect.poll(() => dataRows(page).count()).toBe(1);
    expect(await columnTexts(page, 2)).toEqual([NAME_UPPER]);
    expect(await columnTexts(page, 1)).toEqual([String(id)]);
  });

  it('5. clears the filter and sorts by Nome, ascending then descending', async () => {
    const total = (await api('GET', '/teachings?page=1&perPage=1', token)).body.total as number;
    await page.getByPlaceholder('Filtrar a lista abaixo').fill('');
    await expect.poll(() => dataRows(page).count()).toBe(Math.min(total, 10));

    // Whether the names on screen are in pt-BR alphabetical order (or its reverse).
    const visibleNamesIn = async (order: 'asc' | 'desc') => {
      const names = await columnTexts(page, 2);
      const sorted = [...names].sort(byName);
      if (order === 'desc') sorted.reverse();
      return names.length > 1 && names.join('|') === sorted.join('|');
    };
    expect(await visibleNamesIn('asc')).toBe(false);
    const header = page.locator('thead').getByText('Nome', { exact: true });
    await header.click();
    await expect.poll(async () => new URL(page.url()).searchParams.get('sort')).toBe('name');
    await expect.poll(() => visibleNamesIn('asc')).toBe(true);
    const ascending = await columnTexts(page, 2);
    expect(ascending.length).toBe(Math.min(total, 10));

    await header.click();
    await expect.poll(async () => new URL(page.url()).searchParams.get('order')).toBe('DESC');
    await expect.poll(() => visibleNamesIn('desc')).toBe(true);
    const descending = await columnTexts(page, 2);
    expect(descending[0]).not.toBe(ascending[0]);
  });

  it('6. edits it: the server refuses a taken name under Nome, LIMPAR reloads, SALVAR saves', async () => {
    await rowWith(page, NAME_UPPER).getByRole('link', { name: 'Editar' }).click();
    await expectUrl(page, new RegExp(`^/admin/ensinos/${id}/editar$`));
    await expect.poll(() => nome().inputValue()).toBe(NAME);
    expect(await descricao().inputValue()).toBe(DESCRIPTION);

    await nome().fill('Ensino Médio');
    await button('Salvar').click();
    await expectMessageUnder(nome(), 'Já existe um ensino com este nome.');
    await shot(page, 'teachings-edit-server-error');
    expect(new URL(page.url()).pathname).toBe(`/admin/ensinos/${id}/editar`);
    expect((await api('GET', `/teachings/${id}`, token)).body[0].name).toBe(NAME);

    await button('Limpar').click();
    await expect.poll(() => nome().inputValue()).toBe(NAME);

    await descricao().fill(NEW_DESCRIPTION);
    await button('Salvar').click();
    await toast(page, 'Registro atualizado com sucesso!', 'Sucesso!');
    await expectUrl(page, /^\/admin\/ensinos$/);
    await expect.poll(() => rowWith(page, NAME_UPPER).locator('td').nth(2).innerText()).toBe(NEW_DESCRIPTION);

    const stored = await api('GET', `/teachings/${id}`, token);
    expect(stored.status).toBe(200);
    expect(stored.body[0]).toMatchObject({ id, name: NAME, description: NEW_DESCRIPTION });
  });

  it('7. deletes it with Remover after saying no once', async () => {
    const row = rowWith(page, NAME_UPPER);
    const dialog = page.getByRole('dialog');
    await row.getByRole('button', { name: 'Remover' }).click();
    await dialog.getByText('Deseja confirmar a ação?').waitFor();
    await dialog.getByText('Você não será capaz de reverter isso!').waitFor();
    await fullyShown(dialog);
    await shot(page, 'teachings-delete-dialog');
    await dialog.getByRole('button', { name: 'Não, cancele!' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    expect((await api('GET', `/teachings/${id}`, token)).status).toBe(200);

    await row.getByRole('button', { name: 'Remover' }).click();
    await dialog.getByRole('button', { name: 'Sim, apague!' }).click();
    await toast(page, 'Registro apagado com sucesso!', 'Sucesso!');
    await expect.poll(() => row.count()).toBe(0);
    expect((await api('GET', `/teachings/${id}`, token)).status).toBe(404);
  });

  it('8. shows the not-found page for unknown paths, and sends a visitor without a session to /login', async () => {
    const { context, page: visitor } = await newPage(browser);
    try {
      await visitor.goto('/qualquer-coisa');
      await visitor.getByText('Página não encontrada!').waitFor();
      await visitor.goto('/admin/ensinos');
      await expectUrl(visitor, /^\/login$/);
      // Once there, the page must stay put (no redirect loop).
      expect.soft(await navigationsDuring(visitor, 1000), 'navigations on /login within 1 s of arriving').toBeLessThanOrEqual(1);
      await visitor.getByText('Acesse sua conta').waitFor();
      await shot(visitor, 'teachings-visitor-login');
    } finally {
      await context.close();
    }
  });

  it('9. signs out with Sair, after which the old token is refused', async () => {
    const old = await page.evaluate(() => localStorage.getItem('secretaria.token'));
    expect(old).toBeTruthy();
    expect((await api('POST', '/auth/me', old!)).status).toBe(200);
    await menu().getByRole('button', { name: 'Sair' }).click();
    await expectUrl(page, /^\/login$/);
    await page.getByText('Acesse sua conta').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('secretaria.token'))).toBeNull();
    expect((await api('POST', '/auth/me', old!)).status).toBe(401);
  });
});
