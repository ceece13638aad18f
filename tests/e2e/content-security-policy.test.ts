import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, baseURL, launch, newPage, signIn } from './support/browser';
import { see } from './support/ui';

interface MenuGroup {
  text: string;
  children: { action: string; path: string }[];
}

/**
 * The built app under its real Content-Security-Policy: every violation (the page's
 * `securitypolicyviolation` events, and Chromium's console reports, which also cover workers) is
 * collected with the screen it happened on.
 */
describe('the app runs under its Content-Security-Policy', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  let screen = '';
  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser));
    await context.exposeFunction('reportCspViolation', (text: string) => violations.push(`${screen}: ${text}`));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
        report(`${event.violatedDirective} bloqueou ${event.blockedURI || '(inline)'} em ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${screen}: ${message.text()}`);
    });
  });
  afterAll(() => browser?.close());

  const visit = async (name: string, path: string) => {
    screen = name;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  };

  it('shows the public home, solves the human verification (Web Workers) and signs in without a violation', async () => {
    await visit('início', '/');
    await see(page, 'Verifique a autenticidade de seu Documento');
    const widget = page.locator('altcha-widget').first();
    await widget.getByText('Eu não sou um robô').click();
    await widget.getByText('Verificado').waitFor({ timeout: 30_000 });

    await visit('login', '/login');
    screen = 'painel';
    await signIn(page);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('shows every screen of the menu without a violation', async () => {
    const response = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    });
    const menu = ((await response.json()) as { menu: MenuGroup[] }).menu;
    const screens = menu.flatMap((group) => group.children);
    expect(screens.length).toBeGreaterThan(5);
    for (const item of screens) {
      await visit(item.action, `/admin/${item.path}`);
      await page.getByRole('heading').first().waitFor();
    }
    // A student's edit screen shows the photo from a blob: URL.
    await visit('aluno', '/admin/alunos');
    const firstRow = page.locator('tbody tr').first();
    if ((await firstRow.count()) > 0) {
      // A click on the row opens the student (the row's actions may be folded into a menu).
      await firstRow.locator('td').nth(1).click();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('would notice a violation (the collector itself works)', async () => {
    screen = 'sonda';
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1;';
      document.body.appendChild(script);
    });
    await expect.poll(() => violations.filter((v) => v.startsWith('sonda:')).length).toBeGreaterThan(0);
    violations.splice(0);
  });
});
