import type { BrowserContext, Page } from 'playwright-core';

/**
 * Collects every Content-Security-Policy violation of `context`: the pages' `securitypolicyviolation`
 * events, and Chromium's console reports, which also cover workers. `report` gets a line per violation.
 */
export async function collectCspViolations(
  context: BrowserContext,
  page: Page,
  report: (text: string) => void,
): Promise<void> {
  await context.exposeFunction('reportCspViolation', report);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const send = (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation;
      send(
        `${event.violatedDirective} bloqueou ${event.blockedURI || '(inline)'} em ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) report(message.text());
  });
}
