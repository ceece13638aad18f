import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newPage } from './support/browser';
import { api, apiToken, see } from './support/ui';

// role_id 3: the built-in Secretaria (migration 0020_roles).
const OWNER = {
  name: 'Dona da Conta',
  email: 'dona.da.conta@escolamodelo.edu.br',
  password: 'senha-da-dona-1',
  role_id: 3,
};

async function failedLogin(email: string): Promise<number> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'tentativa-errada' }),
  });
  return response.status;
}

describe('sign-in after many failures for an e-mail', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    const token = await apiToken();
    expect((await api('POST', '/users', token, OWNER)).status).toBe(201);
    browser = await launch();
    ({ page } = await newPage(browser));
  });
  afterAll(() => browser?.close());

  it('asks the owner for the human verification, and then lets her in', async () => {
    // Someone else guessed her password five times (LOGIN_CAPTCHA_AFTER).
    for (let i = 0; i < 5; i++) expect(await failedLogin(OWNER.email)).toBe(401);

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Senha').fill(OWNER.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await see(page, 'Muitas tentativas com este e-mail. Resolva a verificação humana e entre novamente.');
    const enter = page.getByRole('button', { name: 'Entrar' });
    expect(await enter.isDisabled()).toBe(true);

    const widget = page.locator('altcha-widget');
    await widget.getByText('Eu não sou um robô').click();
    await widget.getByText('Verificado').waitFor({ timeout: 30_000 });
    await expect.poll(() => enter.isDisabled()).toBe(false);
    await enter.click();
    await page.waitForURL('**/admin/dashboard');
  });
});
