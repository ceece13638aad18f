import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeCore = createRequire(import.meta.url)('axe-core') as { source: string; _audit?: { rules?: unknown } };

/**
 * The rules whose findings are at most moderate, which `axeProblems` never reports: every rule of axe-core 4.13
 * declares its impact, and axe gives each of its violations exactly that impact (`_finalizeRuleResult`), so a rule
 * declared minor or moderate (region, the landmark rules, heading-order, …: 26 of those axe runs) can never be serious
 * or critical. Read from the axe-core that runs, so that a rule raised to serious in a later version runs again. Left
 * out, each analysis took 1.35 s of Chromium's CPU instead of 1.7 s on the student list (0.06 s of Node's instead of
 * 0.15), with the same findings; color-contrast alone is 1.1 s of it.
 */
const NEVER_SERIOUS: string[] = (() => {
  const audit = axeCore._audit;
  if (!Array.isArray(audit?.rules))
    throw new Error('axe-core sem _audit.rules: reveja NEVER_SERIOUS em support/axe.ts');
  const rules = audit.rules as { id: string; impact?: string }[];
  // A rule without a declared impact takes its checks' impacts, which may be serious: it stays.
  return rules.filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate').map((rule) => rule.id);
})();

/**
 * What axe finds serious or critical on the page as it stands, one line each (rule: the first nodes).
 *
 * axe runs in the page itself, as @axe-core/playwright's legacy mode runs it. Its default mode opens a blank page for
 * every analysis to merge the results of cross-origin frames, which doubled each check (about 3.2 s against 1.6 s on
 * a list screen, 47 screens in `screens.test.ts` alone); the app has no frames, cross-origin or not.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // The colours as they end, not half-way through a transition: a button that just became enabled fades its
  // background in for a quarter of a second, and axe measuring then reports a contrast nobody sees for long.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Only the violations are read: axe then keeps one node of each rule that passed (or was incomplete or
  // inapplicable) instead of every one, which halved each analysis in Chromium and the result sent back (about
  // 3.4 s of CPU against 1.6 s on the student list). The violations and their nodes are the same.
  //
  // axe-core put in each frame once per document, and `axe.run` called as @axe-core/playwright's legacy mode calls
  // it (the same options, the same configuration): its AxeBuilder evaluated axe's 1.3 MB source twice in every
  // analysis, also after an in-app navigation where the document, and the axe put in it, stay.
  for (const frame of page.frames())
    if (!(await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')))
      await frame.evaluate(
        `${axeCore.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`,
      );
  const options = {
    resultTypes: ['violations'],
    rules: Object.fromEntries(NEVER_SERIOUS.map((rule) => [rule, { enabled: false }])),
  };
  const { violations } = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `axe ${v.impact} ${v.id} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}
