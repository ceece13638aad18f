import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goInApp, launch, newPage, openSignedIn } from './support/browser';
import { networkQuiet } from './support/quiet';

/**
 * What a school day showed in Chromium: sidebar entries cut mid-word, the dashboard's month labels running
 * into each other at 1366×768, and the student pages wider than a phone (390×844). Screenshots land in
 * test-results/layout/.
 */

const SHOTS = path.resolve(__dirname, '../../test-results/layout');

async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page
    .locator('.MuiLinearProgress-root:not([aria-hidden])')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Pixels the page scrolls sideways (a table scrolling inside its own box does not count). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('layout', () => {
  let browser: Browser;
  let page: Page;
  let student = '';

  // One page signed in once for the whole file (a sign-in costs the server a password hash): the phone's tests
  // narrow its viewport, and each goes to its address afresh.
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    await openSignedIn(page);
  });
  afterAll(() => browser?.close());

  it('shows whole sidebar entries and month labels apart at 1366×768', async () => {
    await settle(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Sair' }).waitFor();
    // Every group open: each entry's text fits its line (wrapped if need be), none clipped.
    for (const header of await menu.locator('[aria-expanded="false"]').all()) await header.click();
    const clipped = await menu
      .locator('.MuiListItemText-primary')
      .evaluateAll((texts) =>
        texts
          .filter(
            (t) =>
              t.scrollWidth > t.clientWidth + 1 ||
              t.getBoundingClientRect().right > t.closest('.MuiDrawer-paper')!.getBoundingClientRect().right + 1,
          )
          .map((t) => t.textContent),
      );
    expect(await menu.locator('.MuiListItemText-primary').count()).toBeGreaterThan(8);
    const charts = page.locator('[data-testid^="grafico-"] svg.recharts-surface');
    await charts.first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-1366.png') });
    expect(clipped).toEqual([]);
    for (let i = 0; i < (await charts.count()); i++) {
      const boxes = await charts
        .nth(i)
        .locator('.recharts-xAxis .recharts-cartesian-axis-tick-value')
        .evaluateAll((ticks) =>
          ticks.map((t) => {
            const r = t.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: t.textContent };
          }),
        );
      for (let t = 1; t < boxes.length; t++) {
        const [a, b] = [boxes[t - 1], boxes[t]];
        // Slanted labels overlap in their boxes but not in their lines: apart means one starts below or right of the
        // other.
        const overlap =
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
          Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1 &&
          a.top === b.top;
        expect(overlap, `gráfico ${i}: "${a.text}" e "${b.text}" se sobrepõem`).toBe(false);
      }
    }
    await goInApp(page, '/admin/alunos');
    await page.locator('tbody tr').first().waitFor();
    student = (await page.locator('tbody tr td:not(.MuiTableCell-paddingCheckbox)').first().innerText()).trim();
  });

  it.each([
    ['alunos', '/admin/alunos'],
    ['aluno-registrar', '/admin/alunos/registrar'],
    ['aluno-exibir', '/admin/alunos/{aluno}/show'],
    ['aluno-editar', '/admin/alunos/{aluno}/editar'],
    ['aluno-financeiro', '/admin/alunos/{aluno}/editar'],
    ['relatorio-financeiro', '/admin/relatorio-financeiro-com-filtro'],
    ['tarefas', '/admin/tarefas'],
  ])('fits %s in a 390 px phone without a sideways page scroll', async (name, address) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(address.replace('{aluno}', student));
    await settle(page);
    if (name === 'aluno-financeiro')
      await page
        .getByRole('tab', { name: /Financeiro/i })
        .click()
        .catch(() => undefined);
    await settle(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
    expect(await sideways(page), `${address} rola para o lado`).toBe(0);
  });
});
