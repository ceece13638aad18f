import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * What axe finds serious or critical on the page as it stands, one line each (rule: the first nodes).
 *
 * In legacy mode axe runs in the page itself. The default mode opens a blank page for every analysis to merge
 * the results of cross-origin frames, which doubled each check (about 3.2 s against 1.6 s on a list screen,
 * 47 screens in `screens.test.ts` alone); the app has no frames, cross-origin or not.
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
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
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
