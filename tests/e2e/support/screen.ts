import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './ui';

export const SHOTS_DIR = '/tmp/e2e-shots';

/** Saves a screenshot of what the person sees, for a human to look at later. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

/**
 * Waits for the toast showing `message` (hard check), then checks softly that exactly one toast shows
 * it, titled `title`: a wrong title or a second copy fails the test without stopping the scenario.
 */
export async function toast(page: Page, message: string, title: string): Promise<Locator> {
  const alerts = page.getByRole('alert').filter({ hasText: message });
  await alerts.first().waitFor({ state: 'visible' });
  // Gives a second copy of the same message the time to appear, if the app shows one.
  await page.waitForTimeout(300);
  const texts = (await alerts.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  expect.soft(texts, `toasts showing "${message}"`).toEqual([`${title} ${message}`]);
  return alerts.first();
}

/** Counts the navigations of the main frame during `ms`: a page at rest makes none. */
export async function navigationsDuring(page: Page, ms: number): Promise<number> {
  let count = 0;
  const listener = (frame: unknown) => {
    if (frame === page.mainFrame()) count++;
  };
  page.on('framenavigated', listener);
  await page.waitForTimeout(ms);
  page.off('framenavigated', listener);
  return count;
}

/** The text shown under an input (its helper or error message), read through aria-describedby. */
export async function messageUnder(input: Locator): Promise<string> {
  return input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** Waits until `message` is shown under the input. */
export async function expectMessageUnder(input: Locator, message: string): Promise<void> {
  await expect.poll(() => messageUnder(input), { timeout: 10_000 }).toBe(message);
}

/** Waits until an element has finished fading in (it and its ancestors fully opaque), e.g. before a screenshot. */
export async function fullyShown(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  await expect
    .poll(() =>
      locator.evaluate((el) => {
        let opacity = 1;
        for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
        return opacity;
      }),
    )
    .toBe(1);
}

/** The data rows of the list on screen. */
export function dataRows(page: Page): Locator {
  return page.locator('tbody tr');
}

export interface TeachingRow {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
}

/** Teachings the API finds for a search, all pages (page=0). */
export async function findTeachings(token: string, search: string): Promise<TeachingRow[]> {
  const answer = await api('GET', `/teachings?page=0&search=${encodeURIComponent(search)}`, token);
  expect(answer.status).toBe(200);
  return answer.body.data as TeachingRow[];
}

/** Removes, through the API, teachings left behind by an interrupted run (matched by name prefix). */
export async function removeTeachingsNamed(token: string, prefix: string): Promise<void> {
  for (const row of await findTeachings(token, prefix)) {
    if (row.name.startsWith(prefix)) await api('DELETE', `/teachings/${row.id}`, token);
  }
}
