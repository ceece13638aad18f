import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe';
import { launch, newPage, putSession } from './support/browser';
import { see } from './support/ui';

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Administração fills the school's NFS-e settings from Configurações da escola (issue 41). One signed-in page. */
describe('Administração on Configurações › Nota fiscal', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, DESK));
    await putSession(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the screen from Configurações da escola, saves the issuer without an environment, shows it at 390', async () => {
    await page.goto('/admin/configuracoes');
    await page.getByRole('link', { name: 'Configurar a nota fiscal (NFS-e)' }).click();
    await see(page, 'Nota fiscal de serviço (NFS-e)');
    await page.getByLabel('CNPJ', { exact: true }).fill('12.ABC.345/01DE-35');
    await page.getByLabel('Inscrição municipal').fill('4812337');
    await page.getByLabel('Código IBGE do município').fill('1502400');
    await page.getByLabel('Código de tributação nacional').fill('080101');
    await page.getByLabel('Alíquota do ISS (%)').fill('2,5');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Configurações da nota fiscal salvas com sucesso!');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/nota-fiscal-1366.png', fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: '/tmp/nota-fiscal-390.png', fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize(DESK);
  });
});
