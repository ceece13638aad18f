import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_ADMIN } from '../global-setup';
import { CHROMIUM, FLAGS } from './chromium';
import { trackRequests } from './quiet';

export { CHROMIUM };

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * A browser of the file's own. Not one browser for the run that each file connects to: a connected browser's
 * downloads have no local path (`download.path()` throws), and the report, contract, receipt and CSV tests read theirs.
 */
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** A fresh context as a secretary in Brazil sees the app: pt-BR, America/Sao_Paulo. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  trackRequests(page);
  return { context, page };
}

/** Signs in through the login page, as a person would: landing on the dashboard, or a teacher on Minhas aulas. */
export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/admin\/(dashboard|minhas-aulas)$/);
}

export { E2E_ADMIN };
