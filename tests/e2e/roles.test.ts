import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goInApp, launch, newPage, putSession, signIn } from './support/browser';
import { api, apiToken, DATA_CELL, expectUrl, rowWith, see } from './support/ui';
import { networkQuiet } from './support/quiet';

const SCREEN = { width: 1366, height: 768 };

/** Administração makes a role on the Perfis screen, gives it to a new user, and that user sees only its part. */
describe('Perfis: a role made on screen and a user who holds it', () => {
  const tag = randomUUID().slice(0, 6);
  const roleName = `Coordenação pedagógica ${tag}`;
  const email = `lucia.${tag}@escolamodelo.edu.br`;
  const password = 'senha-da-lucia-1';
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    token = await apiToken();
    browser = await launch();
    ({ page } = await newPage(browser, SCREEN));
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('creates the role with only Ver alunos and Ver turmas ticked', async () => {
    // The first test loads the app; the next ones move inside it, as its links do (goInApp).
    await goInApp(page, '/admin/perfis');
    await see(page, 'Relação de todos os perfis');
    await expect.poll(() => rowWith(page, 'Administração').innerText()).toContain('administracao');
    await page.getByRole('link', { name: 'Adicionar um perfil' }).click();
    await expectUrl(page, /\/admin\/perfis\/registrar$/);
    await page.getByRole('textbox', { name: /^Nome/ }).fill(roleName);
    await page.getByRole('checkbox', { name: 'Ver alunos, matrículas e documentos' }).check();
    await page.getByRole('checkbox', { name: 'Ver turmas' }).check();
    // The group's box shows a part of it ticked.
    const students = page.getByRole('checkbox', { name: 'Alunos: todas as permissões' });
    expect(await students.getAttribute('data-indeterminate')).toBe('true');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro criado com sucesso!');
    await expectUrl(page, /\/admin\/perfis$/);
    await expect.poll(() => rowWith(page, roleName).count()).toBe(1);

    const stored = (await api('GET', `/roles?search=${encodeURIComponent(tag)}`, token)).body.data;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: roleName, builtin: false, users_count: 0 });
    expect(stored[0].permissions).toEqual(['students.read', 'teams.read']);
  });

  it('registers a user with the role, and refuses to delete a role in use with the server’s words', async () => {
    await goInApp(page, '/admin/usuarios/registrar');
    await page.getByRole('textbox', { name: /^Nome\s*\*?$/ }).fill(`Lúcia Coordenadora ${tag}`);
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    // The password is set on the users form (a person could also be sent a link to choose one).
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('combobox', { name: 'Perfil' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro criado com sucesso!');
    await expectUrl(page, /\/admin\/usuarios$/);
    await expect.poll(() => rowWith(page, email).innerText()).toContain(roleName.toUpperCase());
    // Her form opens with the role chosen.
    await rowWith(page, email).getByRole('link', { name: 'Editar' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Perfil' }).innerText()).toBe(roleName);

    await goInApp(page, '/admin/perfis');
    // Its Usuários column counts her.
    await expect.poll(() => rowWith(page, roleName).locator(DATA_CELL).nth(4).innerText()).toBe('1');
    await rowWith(page, roleName).getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('button', { name: 'Sim, apague!' }).click();
    await see(page, 'Este perfil está em uso por 1 usuário: dê outro perfil a ele antes de apagá-lo.');
    expect(await rowWith(page, roleName).count()).toBe(1);
  });

  it('fits the users list in a 390 px phone: a card per user with name and Perfil, without scrolling sideways', async () => {
    const { context, page: phone } = await newPage(browser, { width: 390, height: 844 });
    await putSession(phone);
    await phone.goto('/admin/usuarios');
    const card = phone
      .getByRole('list', { name: 'Usuários' })
      .getByRole('listitem')
      .filter({ hasText: `LÚCIA COORDENADORA ${tag.toUpperCase()}` });
    // The card has room: the role as it was typed, whole.
    await expect.poll(() => card.locator('dd').innerText()).toBe(roleName);
    expect(await card.locator('dt').allInnerTexts()).toEqual(['Perfil']);
    const overflow = await phone.locator('.RaList-content').evaluate((list) => list.scrollWidth - list.clientWidth);
    expect(overflow, 'a lista rola para o lado').toBeLessThanOrEqual(0);
    const perfil = await card.locator('dd').boundingBox();
    expect(perfil && perfil.x + perfil.width).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('signs the new user in to a menu of Alunos, Anos letivos and Turmas only (what teams.read reaches), and keeps the users list from them', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Sair' }).click();
    await expectUrl(page, /^\/login$/);
    await signIn(page, email, password);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Alunos' }).waitFor();
    const entries = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(entries).toEqual(['Home', 'Gestão', 'Alunos', 'Anos letivos', 'Turmas']);
    const menuText = await menu.innerText();
    for (const hidden of ['Financeiro', 'Usuários', 'Perfis', 'Administração']) expect(menuText).not.toContain(hidden);

    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/admin/usuarios');
    await see(page, 'O seu perfil não dá acesso a esta página.');
    await networkQuiet(page);
    // The screen knows it before asking the server: no list request, no 403 toast on top of the page.
    expect(asked).not.toContain('/api/users');
    expect(await page.getByText('Você não tem permissão para gerenciar usuários e perfis.').count()).toBe(0);
    expect(await page.getByText('Relação de todos os usuários').count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(0);
    expect(await page.getByText(email).count()).toBe(0);
  });

  it('lets her change her own password in Minha conta, from the user menu, without Usuários', async () => {
    await goInApp(page, '/admin/dashboard');
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    await expectUrl(page, /\/admin\/minha-conta$/);
    const passwords = page.getByRole('region', { name: 'Senha' });
    await passwords.getByLabel(/^Senha atual/).fill('senha-errada-1');
    await passwords.getByLabel(/^Nova senha/).fill('senha-nova-da-lucia');
    await passwords.getByLabel(/^Repita a nova senha/).fill('senha-nova-da-lucia');
    await passwords.getByRole('button', { name: 'Trocar senha' }).click();
    await passwords.getByText('A senha atual não confere.').waitFor();
    await passwords.getByLabel(/^Senha atual/).fill(password);
    await passwords.getByRole('button', { name: 'Trocar senha' }).click();
    await see(page, 'Senha alterada com sucesso! As suas outras sessões foram encerradas.');
    // She stays signed in here; the new password is the one that opens the next sign-in.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Sair' }).click();
    await expectUrl(page, /^\/login$/);
    await signIn(page, email, 'senha-nova-da-lucia');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Alunos' }).waitFor();
  });
});
