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

/** The toast (top-right alert) that shows `message`; waits for it and checks its title when given. */
export async function toast(page: Page, message: string, title?: string): Promise<Locator> {
  const alert = page.getByRole('alert').filter({ hasText: message }).first();
  await alert.waitFor({ state: 'visible' });
  if (title) expect(await alert.innerText()).toContain(title);
  return alert;
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
