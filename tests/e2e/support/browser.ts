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

/**
 * A fresh context as a secretary in Brazil sees the app: pt-BR, America/Sao_Paulo.
 *
 * Without its service worker unless `serviceWorker` asks for it (the installed app's tests, and the
 * Content-Security-Policy's, which also watches workers): installed, it precaches the whole built app (some 175
 * files) in every new context, about 2 s of Chromium's CPU and a quarter of a second of the server's each time, some
 * 70 times a run, for screens that never use it. Its registration then waits forever, as on a page still loading:
 * nothing fails or is logged (Playwright's own `serviceWorkers: 'block'` answers `undefined`, on which Workbox throws
 * and the page logs an error).
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  { serviceWorker = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  });
  if (!serviceWorker)
    await context.addInitScript(() => {
      if (self.ServiceWorkerContainer)
        ServiceWorkerContainer.prototype.register = () => new Promise<ServiceWorkerRegistration>(() => undefined);
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
