import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, openSignedIn } from './support/browser';
import { api, see } from './support/ui';

describe('school settings, as the office chooses the contract text', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser));
    await openSignedIn(page);
  });
  afterAll(() => browser?.close());

  it('opens from the menu with the stored settings and the contract template', async () => {
    await page.getByRole('link', { name: 'Configurações da escola' }).click();
    await expect.poll(() => page.getByLabel(/^Nome da escola/).inputValue()).toBe('Escola Modelo Secretaria');
    expect(await page.getByLabel('Média de aprovação').inputValue()).toBe('6');
    // The templates' choices load after the settings.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Texto do contrato' }).innerText())
      .toBe('Contrato de prestação de serviços educacionais');
  });

  it('answers a bad value under its field, keeps what was typed, then saves', async () => {
    await page.getByLabel('Média de aprovação').fill('11');
    await page.getByLabel('Cidade').fill('Belém - Pará');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'A média de aprovação deve ser um número de 0 a 10, com no máximo uma casa decimal.');
    expect(await page.getByLabel('Cidade').inputValue()).toBe('Belém - Pará');
    await page.getByLabel('Média de aprovação').fill('6,5');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Configurações salvas com sucesso!');
    expect((await api('GET', '/data-of-client', '')).body).toMatchObject({ average_grade: 6.5, city: 'Belém - Pará' });
    // Back as it was, for the other browser tests sharing this school.
    await page.getByLabel('Média de aprovação').fill('6');
    await page.getByLabel('Cidade').fill('Ananindeua - Pará');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(async () => (await api('GET', '/data-of-client', '')).body.average_grade).toBe(6);
  });

  it("shows a private school's census answers: mantenedora, the council's sphere, drinking water", async () => {
    await page.getByRole('button', { name: 'Censo Escolar' }).click();
    const maintainer = page.getByRole('checkbox', {
      name: 'Empresa, grupos empresariais do setor privado ou pessoa física',
    });
    await expect.poll(() => maintainer.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Instituição sem fins lucrativos' }).isChecked()).toBe(false);
    expect(await page.getByLabel('CNPJ da mantenedora principal').inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Esfera do conselho ou órgão que regulamenta' }).innerText()).toBe(
      'Estadual',
    );
    expect(await page.getByRole('combobox', { name: 'Fornece água potável para consumo' }).innerText()).toBe('Sim');
  });
});
