import { randomInt, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { axeProblems } from './support/axe';
import { launch, newPage, signIn } from './support/browser';
import { api, apiToken, see } from './support/ui';

/** A valid CPF with random digits: the e2e database is shared, and CPFs are unique in it. */
function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

const csv = (rows: string[][]) => rows.map((r) => r.join(';')).join('\r\n') + '\r\n';

/**
 * Administração › Importar as the office uses it (issue 37): students from a CSV saved by Excel in Portuguese
 * (Windows-1252) with one bad CPF, the file with the "Erro" column, the corrected file imported with its progress
 * and result; then teams from an XLSX and from a CSV in UTF-8 with a BOM; the student found in Alunos.
 */
describe('importing spreadsheets: students with an error corrected, teams from XLSX and CSV', () => {
  const tag = randomUUID().slice(0, 6);
  const good = { name: `Fábio Importação ${tag}`, cpf: randomCpf() };
  const bad = { name: `Conceição Importação ${tag}`, cpf: randomCpf() };
  const header = ['Nome', 'CPF', 'Data de nascimento', 'Responsável 1 - Nome', 'Responsável 1 - Parentesco'];
  const rows = (badCpf: string) => [
    header,
    [good.name, good.cpf, '14/03/2012', `Mãe de Fábio ${tag}`, 'Mãe'],
    [bad.name, badCpf, '05/06/2011', '', ''],
  ];
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    token = await apiToken();
    await signIn(page);
  });
  afterAll(() => browser?.close());

  const choose = (name: string, buffer: Buffer, mimeType = 'text/csv') =>
    page.getByLabel('Planilha (XLSX ou CSV)').setInputFiles({ name, mimeType, buffer });

  /**
   * Checks, confirms and waits for the run's result. The status line under the bar may last less than a frame when
   * the runner is idle, so every text it shows is recorded as it appears.
   */
  async function importChecked(kindLabel: string) {
    await page.getByRole('button', { name: 'Conferir planilha' }).click();
    await see(page, `Conferência: ${kindLabel}`);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('[role="status"]')) seen.push(node.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText(`Importação concluída: ${kindLabel}`).waitFor({ timeout: 60_000 });
    await see(page, 'Pronto: os registros já estão no sistema.');
    const statuses = await page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen);
    expect(
      statuses.some((text) => /^(Na fila|Importando): \d+ de \d+ linhas/.test(text)),
      statuses.join(' | '),
    ).toBe(true);
  }

  it('checks a Windows-1252 CSV, naming the bad CPF by line and column, and hands back the file with "Erro"', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Importar' }).click();
    await page.waitForURL(/\/admin\/importar$/);
    await see(page, 'Importar planilha');
    await choose('alunos.csv', Buffer.from(csv(rows('123.456.789-00')), 'latin1'));
    await see(page, 'Arquivo: alunos.csv');
    await page.getByRole('button', { name: 'Conferir planilha' }).click();
    await see(page, 'Conferência: Alunos e responsáveis');
    await see(page, '2 linhas: 1 válida, 1 com erro.');
    const problems = page.getByRole('region', { name: 'Problemas encontrados' });
    const problem = problems.getByRole('row').filter({ hasText: 'CPF inválido.' });
    expect((await problem.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual([
      '3',
      'CPF',
      'CPF inválido.',
    ]);
    const preview = page.getByRole('region', { name: 'Primeiras linhas, como serão gravadas' });
    await preview.getByRole('cell', { name: good.name }).waitFor();
    await preview
      .getByRole('cell', { name: good.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') })
      .waitFor();
    await preview.getByRole('cell', { name: '14/03/2012' }).waitFor();
    // All or nothing: the import waits for the correction.
    await expect.poll(() => page.getByRole('button', { name: 'Importar a linha válida' }).isDisabled()).toBe(true);
    // The history names the file and says what was done, once.
    const history = page.getByRole('region', { name: 'Importações recentes' });
    const row = history.getByRole('row').filter({ hasText: 'alunos.csv' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Conferência');
    expect(await row.innerText()).not.toContain('só conferência');
    await page.screenshot({ path: '/tmp/importar-conferencia-1366.png', fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/importar-conferencia-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar planilha com a coluna Erro' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alunos-com-erros.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...header, 'Erro']);
    expect(sheet.getRow(2).getCell(6).value ?? '').toBe('');
    expect(sheet.getRow(3).getCell(1).value).toBe(bad.name);
    expect(sheet.getRow(3).getCell(6).value).toBe('CPF inválido.');
  });

  it('imports the corrected file, with its progress and result', async () => {
    await choose('alunos.csv', Buffer.from(csv(rows(bad.cpf)), 'latin1'));
    await importChecked('Alunos e responsáveis');
    await see(page, '2 novos, 0 alterados, 0 sem mudança.');
    await page.screenshot({ path: '/tmp/importar-resultado-1366.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/importar-resultado-390.png', fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('imports teams from an XLSX and from a CSV in UTF-8 with a BOM', async () => {
    const polo = (await api('GET', '/polos', token)).body.data[0].name as string;
    const grid = (await api('GET', '/grids', token)).body.data[0].name as string;
    await page.getByRole('combobox', { name: 'O que importar' }).click();
    await page.getByRole('option', { name: 'Turmas' }).click();
    const teams = ['Nome', 'Início', 'Término', 'Polo', 'Grade'];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Turmas');
    sheet.addRow(teams);
    sheet.addRow([`Turma XLSX ${tag}`, new Date(Date.UTC(2031, 1, 3)), '18/12/2031', polo, grid]);
    await choose(
      'turmas.xlsx',
      Buffer.from(await book.xlsx.writeBuffer()),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await importChecked('Turmas');
    await see(page, '1 novo, 0 alterados, 0 sem mudança.');

    const text = csv([teams, [`Turma CSV ${tag}`, '03/02/2031', '18/12/2031', polo, grid]]);
    await choose('turmas.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    await importChecked('Turmas');
    const all = (await api('GET', '/teams?page=1&perPage=1000', token)).body.data as { name: string }[];
    const names = all.map((t) => t.name).filter((name) => name.includes(tag));
    expect(names.sort()).toEqual([`Turma CSV ${tag}`, `Turma XLSX ${tag}`]);
  });

  it('shows the imported student in Alunos', async () => {
    await page.goto(`/admin/alunos?filter=${encodeURIComponent(JSON.stringify({ q: good.name }))}`);
    await see(page, good.name.toLocaleUpperCase('pt-BR'));
  });
});
