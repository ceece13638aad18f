import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from './support/browser';
import { api, apiToken, columnTexts, DATA_CELL, expectUrl, rowWith, see, todayInSaoPaulo } from './support/ui';

const NAME = 'Educação Profissional Ágil e Técnica';
const NAME_UPPER = 'EDUCAÇÃO PROFISSIONAL ÁGIL E TÉCNICA';

describe('Ensinos end to end, as a secretary does it', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser));
    token = await apiToken();
  });
  afterAll(() => browser?.close());

  it('signs in, with the login form checking its fields', async () => {
    await page.goto('/login');
    await see(page, 'Acesse sua conta');
    await page.getByRole('button', { name: 'Entrar' }).click();
    expect(await page.getByText('Campo obrigatório.').count()).toBe(2);
    await page.getByLabel('E-mail').fill('abc@x');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await see(page, 'E-mail deve ser válido.');
    await page.getByLabel('E-mail').fill('secretaria.e2e@escolamodelo.edu.br');
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await see(page, 'E-mail ou senha não correspondem.');
    await see(page, 'Atenção!');
    await signIn(page);
    await see(page, 'Dashboard de Gestão Escolar');
  });

  it('shows the list with the columns of the config, newest first, names in upper case', async () => {
    await page.getByRole('link', { name: 'Ensinos', exact: true }).click();
    await see(page, 'Relação de todos os ensinos');
    const headers = await page.locator('thead th:not(.MuiTableCell-paddingCheckbox)').allInnerTexts();
    expect(headers.map((h) => h.trim()).slice(0, 4)).toEqual(['#', 'Nome', 'Descrição', 'Criado']);
    const ids = (await columnTexts(page, 1)).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await columnTexts(page, 2)).toContain('ENSINO MÉDIO');
  });

  it('registers a teaching: required field, LIMPAR, then SALVAR', async () => {
    await page.getByRole('link', { name: 'Adicionar um novo' }).click();
    await expectUrl(page, /\/admin\/ensinos\/registrar$/);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'O campo Nome é obrigatório.');
    await page.getByLabel('Nome').fill('rascunho');
    await page.getByRole('button', { name: 'Limpar' }).click();
    expect(await page.getByLabel('Nome').inputValue()).toBe('');
    await page.getByLabel('Nome').fill(NAME);
    await page.getByLabel('Descrição').fill('Cursos rápidos de qualificação');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro criado com sucesso!');
    // One toast, top-right, titled as a success.
    const toast = page.getByRole('alert').filter({ hasText: 'Registro criado com sucesso!' });
    expect(await toast.count()).toBe(1);
    expect(await toast.innerText()).toContain('Sucesso!');
    await expectUrl(page, /\/admin\/ensinos$/);
    const row = rowWith(page, NAME_UPPER);
    await row.waitFor();
    expect(await row.innerText()).toContain(todayInSaoPaulo());
  });

  it('filters without accents', async () => {
    await page.getByPlaceholder('Filtrar a lista abaixo').fill('educacao profissional agil');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await columnTexts(page, 2)).toEqual([NAME_UPPER]);
    await page.getByPlaceholder('Filtrar a lista abaixo').fill('');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(5);
  });

  it('sorts by name both ways', async () => {
    await page.getByRole('button', { name: 'Nome' }).click();
    const collator = (a: string, b: string) => a.localeCompare(b, 'pt-BR');
    await expect
      .poll(async () => (await columnTexts(page, 2)).join('|'))
      .toBe([...(await columnTexts(page, 2))].sort(collator).join('|'));
    const asc = await columnTexts(page, 2);
    expect(asc[0]).toBe('EDUCAÇÃO DE JOVENS E ADULTOS');
    await page.getByRole('button', { name: 'Nome' }).click();
    await expect.poll(async () => (await columnTexts(page, 2))[0]).toBe('TÉCNICO');
  });

  it('edits: a server validation message appears under the field, LIMPAR reloads, SALVAR saves', async () => {
    await rowWith(page, NAME_UPPER).getByRole('link', { name: 'Editar' }).click();
    await expectUrl(page, /\/admin\/ensinos\/\d+\/editar$/);
    const id = Number(new URL(page.url()).pathname.split('/')[3]);
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe(NAME);
    await page.getByLabel('Nome').fill('Ensino Médio');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Under the Nome field itself, not only in a toast.
    const nameField = page.locator('.MuiFormControl-root', { has: page.getByLabel('Nome') });
    await nameField.getByText('Já existe um ensino com este nome.').waitFor();
    await page.getByRole('button', { name: 'Limpar' }).click();
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe(NAME);
    await page.getByLabel('Descrição').fill('Qualificação profissional em módulos');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro atualizado com sucesso!');
    await expectUrl(page, /\/admin\/ensinos$/);
    await see(page, 'Qualificação profissional em módulos');
    const stored = await api('GET', `/teachings/${id}`, token);
    expect(stored.body[0]).toMatchObject({ name: NAME, description: 'Qualificação profissional em módulos' });
  });

  it('deletes through the confirmation dialog', async () => {
    const id = Number(await rowWith(page, NAME_UPPER).locator(DATA_CELL).first().innerText());
    expect(id).toBeGreaterThan(0);
    await rowWith(page, NAME_UPPER).getByRole('button', { name: 'Remover' }).click();
    await see(page, 'Deseja confirmar a ação?');
    await see(page, 'Você não será capaz de reverter isso!');
    await page.getByRole('button', { name: 'Não, cancele!' }).click();
    await expect.poll(() => page.getByText('Deseja confirmar a ação?').count()).toBe(0);
    expect(await rowWith(page, NAME_UPPER).count()).toBe(1);
    await rowWith(page, NAME_UPPER).getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('button', { name: 'Sim, apague!' }).click();
    await see(page, 'Registro apagado com sucesso!');
    await expect.poll(() => rowWith(page, NAME_UPPER).count()).toBe(0);
    expect((await api('GET', `/teachings/${id}`, token)).status).toBe(404);
  });

  it('shows the refusal of the server when a teaching is in use', async () => {
    await rowWith(page, 'ENSINO MÉDIO').getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('button', { name: 'Sim, apague!' }).click();
    await see(page, /Não é possível apagar este ensino: está em uso por/);
    expect(await rowWith(page, 'ENSINO MÉDIO').count()).toBe(1);
  });

  it('signs out with Sair, and the old token dies', async () => {
    const old = await page.evaluate(() => localStorage.getItem('secretaria.token'));
    expect(old).toBeTruthy();
    await page.getByRole('button', { name: 'Sair' }).first().click();
    await expectUrl(page, /^\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('secretaria.token'))).toBeNull();
    expect((await api('POST', '/auth/me', old!)).status).toBe(401);
  });

  it('sends visitors without a session to login, and unknown paths to the not-found page', async () => {
    const { context, page: fresh } = await newPage(browser);
    let navigations = 0;
    fresh.on('framenavigated', () => (navigations += 1));
    await fresh.goto('/admin/ensinos');
    await expectUrl(fresh, /^\/login$/);
    await see(fresh, 'Acesse sua conta');
    // Once on the login page, nothing keeps redirecting in the background.
    const settled = navigations;
    await fresh.waitForTimeout(1000);
    expect(navigations - settled).toBe(0);
    await fresh.goto('/qualquer-coisa');
    await see(fresh, 'Página não encontrada!');
    await context.close();
  });
});
