import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from './support/browser';
import { collectCspViolations } from './support/csp';
import { see } from './support/ui';
import { networkQuiet } from './support/quiet';

/**
 * The built app under its real Content-Security-Policy: every violation (the page's
 * `securitypolicyviolation` events, and Chromium's console reports, which also cover workers) is
 * collected with the screen it happened on. Every screen of the menu is visited under the same collector
 * in screens.test.ts; here, the public side and the sign-in, which that file does not cover.
 */
describe('the app runs under its Content-Security-Policy', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  let screen = '';
  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser, undefined, { serviceWorker: true }));
    await collectCspViolations(context, page, (text) => violations.push(`${screen}: ${text}`));
  });
  afterAll(() => browser?.close());

  const visit = async (name: string, path: string) => {
    screen = name;
    await page.goto(path);
    await networkQuiet(page);
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
    await networkQuiet(page);
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
