import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, goInApp, launch, newPage, openSignedIn } from './support/browser';
import { axeProblems } from './support/axe';
import { collectCspViolations } from './support/csp';
import { networkQuiet } from './support/quiet';

/**
 * Every screen of the menu the server delivers (a new entry is visited without touching this file), plus
 * the dashboard, a record's page, a registration form and an edit form, as a secretary sees them at
 * 1366×768: the page never scrolls sideways, a list's first row shows its actions, axe finds nothing
 * serious or critical, the browser logs no error and the Content-Security-Policy blocks nothing. A screenshot of each
 * lands in test-results/screens/.
 */

const SHOTS = path.resolve(__dirname, '../../test-results/screens');
const VIEWPORT = { width: 1366, height: 768 };

interface Screen {
  name: string;
  path: string;
}

async function menuScreens(): Promise<Screen[]> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  const body = (await response.json()) as {
    access_token: string;
    menu: { text: string; children: { action: string; path: string }[] }[];
  };
  return body.menu.flatMap((group) =>
    group.children.map((child) => ({
      name: `${group.text} - ${child.action}`,
      path: child.path.startsWith('/') ? child.path : `/admin/${child.path}`,
    })),
  );
}

const fileName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Waits for the screen to settle: no request in flight, no loading bar. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page
    .locator('.MuiLinearProgress-root:not([aria-hidden])')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // The layout's title: 30 s, as a screen once took longer than the default 15 s while the other part of the suite ran.
  await page.locator('#react-admin-title').first().waitFor({ state: 'attached', timeout: 30_000 });
}

// Read at collection time, so that each screen is a test of its own.
const MENU = await menuScreens();
/** `{aluno}` stands for the first student of the demo school, found once signed in. */
const SCREENS: Screen[] = [
  { name: 'Gestão', path: '/admin/dashboard' },
  ...MENU,
  { name: 'Aluno - exibir', path: '/admin/alunos/{aluno}/show' },
  { name: 'Aluno - registrar', path: '/admin/alunos/registrar' },
  { name: 'Aluno - editar', path: '/admin/alunos/{aluno}/editar' },
  // Reached from the user menu, not the main menu.
  { name: 'Minha conta', path: '/admin/minha-conta' },
  { name: 'Página inexistente', path: '/admin/nao-existe' },
];

describe('every screen at 1366×768', () => {
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];
  const cspViolations: string[] = [];
  let student = '';
  const screens = SCREENS;
  const pathOf = (screen: Screen) => screen.path.replace('{aluno}', student);

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    const opened = await newPage(browser, VIEWPORT);
    page = opened.page;
    await collectCspViolations(opened.context, page, (text) => cspViolations.push(text));
    page.on('console', (message) => {
      // A student without a photo is answered 404 by design (the page then hides the picture), and so is the push
      // key of a school without Web Push (the notices' opt-in then stays hidden).
      const expected404 = /\/students\/\d+\/get-image$|\/api\/portal\/push\/public-key$/;
      if (message.type() === 'error' && !expected404.test(message.location().url))
        consoleErrors.push(`${message.text()} ${message.location().url}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    await openSignedIn(page, '/admin/alunos');
    await page.locator('tbody tr').first().waitFor();
    student = (await page.locator('tbody tr td:not(.MuiTableCell-paddingCheckbox)').first().innerText()).trim();
  });
  afterAll(() => browser?.close());

  it('finds the screens of the menu', () => {
    expect(MENU.length).toBeGreaterThan(8);
    expect(screens.map((s) => s.path)).toContain('/admin/alunos');
  });

  it.each(SCREENS)('$name ($path): whole, accessible, without errors', async (screen) => {
    const problems: string[] = [];
    {
      consoleErrors.length = 0;
      cspViolations.length = 0;
      // Inside the app already loaded, as its menu goes: loading the whole app again for each of some 55 screens took
      // this file 105 s of Chromium's CPU against 67 s; the record's page and the public home keep a full load.
      await goInApp(page, pathOf(screen));
      await settle(page);
      const name = fileName(screen.name);
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (sideways > 0) problems.push(`${screen.name}: a página rola ${sideways}px para o lado`);
      const listSideways = await page
        .locator('.RaList-content')
        .evaluateAll((lists) => Math.max(0, ...lists.map((l) => l.scrollWidth - l.clientWidth)));
      if (listSideways > 0) problems.push(`${screen.name}: a lista rola ${listSideways}px para o lado`);
      const firstRow = page.locator('tbody tr.RaDataTable-row').first();
      if (await firstRow.count()) {
        const actions = firstRow.locator('td.acoes');
        if (await actions.count()) {
          const box = await actions.boundingBox();
          if (!box || box.x < 0 || box.x + box.width > VIEWPORT.width)
            problems.push(`${screen.name}: ações da primeira linha fora da tela (${JSON.stringify(box)})`);
          else if (!(await actions.locator('button, a').first().isVisible()))
            problems.push(`${screen.name}: ações da primeira linha invisíveis`);
        }
      }
      for (const problem of await axeProblems(page)) problems.push(`${screen.name}: ${problem}`);
      if (cspViolations.length) problems.push(`${screen.name}: CSP — ${cspViolations.join(' / ')}`);
      if (consoleErrors.length) problems.push(`${screen.name}: console — ${consoleErrors.join(' / ')}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('reads a record as a form: labels, sections, pt-BR dates, empty as —, its name in the title', async () => {
    const show = screens.find((s) => s.name === 'Aluno - exibir')!;
    await page.goto(pathOf(show));
    await settle(page);
    for (const section of ['Dados pessoais', 'Documentos', 'Endereço', 'Contato', 'Filiação', 'Outras informações']) {
      await page.getByRole('region', { name: section }).waitFor();
    }
    const personal = page.getByRole('region', { name: 'Dados pessoais' });
    expect(await personal.locator('dt').allInnerTexts()).toEqual([
      'Nome',
      'Sexo',
      'Data de nascimento',
      'Nacionalidade',
      'Naturalidade',
    ]);
    const created = await page
      .getByRole('region', { name: 'Outras informações' })
      .locator('dt:text-is("Criado") + dd')
      .innerText();
    expect(created).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    const name = await personal.locator('dt:text-is("Nome") + dd').innerText();
    expect(await page.locator('#react-admin-title').innerText()).toBe(`Aluno: ${name}`);
  });

  it('opens a record with a click on its row', async () => {
    await goInApp(page, '/admin/ensinos');
    await settle(page);
    await page.locator('tbody tr.RaDataTable-row td').nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/ensinos\/\d+\/editar$/);
  });

  it('keeps the sidebar reachable at 768 px high: it scrolls on its own to Sair', async () => {
    await goInApp(page, '/admin/dashboard');
    await settle(page);
    const sair = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Sair' });
    await sair.scrollIntoViewIfNeeded();
    const box = await sair.boundingBox();
    expect(box && box.y + box.height <= VIEWPORT.height).toBe(true);
    // The page itself did not scroll: the menu did.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("labels the dashboard's charts without cutting them", async () => {
    await goInApp(page, '/admin/dashboard');
    await settle(page);
    const charts = page.locator('[data-testid^="grafico-"] svg.recharts-surface');
    await charts.first().waitFor();
    for (let i = 0; i < (await charts.count()); i++) {
      const chart = charts.nth(i);
      const frame = (await chart.boundingBox())!;
      const ticks = chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick-value');
      for (let t = 0; t < (await ticks.count()); t++) {
        const box = (await ticks.nth(t).boundingBox())!;
        expect(box.x, `rótulo ${t} do gráfico ${i}`).toBeGreaterThanOrEqual(frame.x - 0.5);
        expect(box.y + box.height, `rótulo ${t} do gráfico ${i}`).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
      }
    }
  });

  it('asks before leaving a form with unsaved changes', async () => {
    await goInApp(page, '/admin/ensinos/registrar');
    await settle(page);
    await page.getByLabel('Nome').fill('Ensino por terminar');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cursos' }).click();
    await expect.poll(() => asked.length).toBe(1);
    // Staying keeps what was typed.
    expect(new URL(page.url()).pathname).toBe('/admin/ensinos/registrar');
    expect(await page.getByLabel('Nome').inputValue()).toBe('Ensino por terminar');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cursos' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/admin/cursos');
  });

  it("shows the school's name large on the public home when there is no logo", async () => {
    const branding = (await (await fetch(`${baseURL()}/api/data-of-client`)).json()) as {
      school_name: string;
      colored_logo?: string | null;
    };
    expect(branding.colored_logo ?? null).toBeNull();
    await page.goto('/');
    const name = page.getByTestId('hero-school-name');
    expect(await name.innerText()).toBe(branding.school_name);
    expect(await name.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(40);
    await page.screenshot({ path: path.join(SHOTS, 'inicio-publico.png') });
  });

  it('looks right at 1920×1080 too (screenshots for review)', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    for (const screen of screens.filter((s) =>
      ['Gestão', 'Aluno - exibir', 'Aluno - editar', 'Secretaria - Alunos'].includes(s.name),
    )) {
      await goInApp(page, pathOf(screen));
      await settle(page);
      await page.screenshot({ path: path.join(SHOTS, `${fileName(screen.name)}-1920.png`) });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(VIEWPORT);
  });
});
