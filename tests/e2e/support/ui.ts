import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, E2E_ADMIN } from './browser';

/** Waits until `text` is visible on the page (or fails with what was looked for). */
export async function see(page: Page, text: string | RegExp, options: { exact?: boolean } = {}): Promise<void> {
  await page.getByText(text, { exact: options.exact }).first().waitFor({ state: 'visible' });
}

/** A list's data cells: not the selection checkbox a list with bulk actions starts its rows with. */
export const DATA_CELL = 'td:not(.MuiTableCell-paddingCheckbox)';

/**
 * A list's row of data. A list still loading after a second draws five rows of grey placeholders (react-admin's
 * DataTableLoading: rows with only a fading opacity, cells of a no-break space): read then, a column is blank.
 */
const DATA_ROW = 'tbody tr:not([style*="opacity"])';

/** Texts of one column of the visible list (1-based index among the data cells), once its rows have loaded. */
export async function columnTexts(page: Page, cell: number): Promise<string[]> {
  await page.locator(DATA_ROW).first().waitFor();
  return page.locator(`${DATA_ROW} td:nth-child(${cell} of :not(.MuiTableCell-paddingCheckbox))`).allInnerTexts();
}

/** Today in São Paulo as dd/mm/yyyy. */
export function todayInSaoPaulo(): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

/** An API token of the e2e admin, to check what the database really holds. */
export async function apiToken(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** A call as the screens make it: dates as ISO (`X-Date-Format: iso`, src/api/http.ts). */
export async function api(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-date-format': 'iso',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The list row that shows `text`. */
export function rowWith(page: Page, text: string) {
  return page.locator('tbody tr', { hasText: text });
}

export async function expectUrl(page: Page, pattern: RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toMatch(pattern);
}

/**
 * The Turmas list on one calendar year's teams (the teams' start dates). Bare, the list opens on the current school
 * year — the server's clock decides it — so a test about 2026's teams names the year rather than depend on the date.
 */
export const teamListOf = (year: number) =>
  `/admin/turmas?filter=${encodeURIComponent(JSON.stringify({ year: String(year) }))}`;
