import axe from 'axe-core';

/**
 * What axe finds serious or critical in a rendered screen, as the Chromium tests ask it (tests/e2e): names of
 * buttons and fields, roles, landmarks. Colour contrast needs a real layout engine and stays with Chromium.
 */
export async function axeProblems(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
