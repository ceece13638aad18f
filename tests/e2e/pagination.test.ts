import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from './support/browser';
import { dataRows, removeTeachingsNamed, shot } from './support/screen';
import { api, apiToken, columnTexts, expectUrl } from './support/ui';

const PREFIX = 'Paginação Teste';
const EXTRA = 25;

/** The list pager of Ensinos with more rows than one page holds. */
describe('Ensinos list pagination', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let total: number;
  const created: number[] = [];

  const pager = () => page.getByRole('navigation', { name: 'Paginação' });
  /** The numbered page buttons: "Página 1" is the current one, "Ir para a página 2" the others. */
  const pageLinks = () => pager().getByRole('button', { name: /^(Página|Ir para a página) \d+$/ });
  const rangeInfo = (text: string) => page.getByText(text, { exact: true });
  /** Ids of one page of the API in the list's default order (newest first). */
  const apiIds = async (pageNumber: number, perPage: number) =>
    ((await api('GET', `/teachings?page=${pageNumber}&perPage=${perPage}&sortBy=id&sortDesc=1`, token)).body.data as { id: number }[]).map((r) =>
      String(r.id),
    );

  beforeAll(async () => {
    token = await apiToken();
    await removeTeachingsNamed(token, PREFIX);
    for (let i = 1; i <= EXTRA; i++) {
      const answer = await api('POST', '/teachings', token, { name: `${PREFIX} ${String(i).padStart(2, '0')}`, description: `Linha ${i} criada para paginar.` });
      expect(answer.status).toBe(201);
      created.push(Number(answer.body.data.id));
    }
    total = (await api('GET', '/teachings?page=1&perPage=1', token)).body.total as number;
    expect(total).toBeGreaterThan(EXTRA);
    browser = await launch();
    ({ page } = await newPage(browser));
    await signIn(page);
  });
  afterAll(async () => {
    if (token) for (const id of created) await api('DELETE', `/teachings/${id}`, token);
    await browser?.close();
  });

  it('shows page links (at most ten) and the first ten rows, newest first', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Ensinos', exact: true }).click();
    await expectUrl(page, /^\/admin\/ensinos$/);
    await pager().waitFor();
    const pages = Math.ceil(total / 10);
    await expect.poll(() => pageLinks().count()).toBe(Math.min(10, pages));
    expect(await pageLinks().count()).toBeLessThanOrEqual(10);
    expect(await pageLinks().allInnerTexts()).toEqual(Array.from({ length: Math.min(10, pages) }, (_, i) => String(i + 1)));
    expect(await pager().getByRole('button', { name: 'Página 1', exact: true }).getAttribute('aria-current')).toBe('page');
    await rangeInfo(`1-10 de ${total}`).waitFor();
    expect(await dataRows(page).count()).toBe(10);
    expect(await columnTexts(page, 1)).toEqual(await apiIds(1, 10));
    expect(await columnTexts(page, 2)).toContain(`${PREFIX} ${EXTRA}`.toLocaleUpperCase('pt-BR'));
    await pager().scrollIntoViewIfNeeded();
    await shot(page, 'pagination-page-1');
  });

  it('goes to page 2 and sees the next ten rows', async () => {
    const first = await columnTexts(page, 1);
    await pager().getByRole('button', { name: 'Ir para a página 2', exact: true }).click();
    await rangeInfo(`11-20 de ${total}`).waitFor();
    await expect.poll(() => pager().getByRole('button', { name: 'Página 2', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect.poll(async () => (await columnTexts(page, 1)).join(',')).toBe((await apiIds(2, 10)).join(','));
    const second = await columnTexts(page, 1);
    expect(second).toHaveLength(10);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(Math.max(...second.map(Number))).toBeLessThan(Math.min(...first.map(Number)));
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  });

  it('shows 25 rows when 25 rows per page are chosen', async () => {
    await page.getByRole('combobox', { name: /Linhas por página/ }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect.poll(() => dataRows(page).count()).toBe(25);
    await rangeInfo(`1-25 de ${total}`).waitFor();
    expect(await columnTexts(page, 1)).toEqual(await apiIds(1, 25));
    await expect.poll(() => pageLinks().count()).toBe(Math.min(10, Math.ceil(total / 25)));
    await pager().scrollIntoViewIfNeeded();
    await shot(page, 'pagination-25-rows');
  });

  it('cleans up: the rows created for this test are gone from the database', async () => {
    for (const id of created.splice(0)) {
      expect((await api('DELETE', `/teachings/${id}`, token)).status).toBe(200);
      expect((await api('GET', `/teachings/${id}`, token)).status).toBe(404);
    }
    const left = (await api('GET', '/teachings?page=1&perPage=1', token)).body.total as number;
    expect(left).toBe(total - EXTRA);
  });
});
