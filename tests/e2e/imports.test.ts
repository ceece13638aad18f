import { randomInt, randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { slotsOf } from '../support/full-grid';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, openSignedIn } from './support/browser';
import { api, apiToken, see } from './support/ui';

/** A valid CPF with random digits: the e2e database is shared, and CPFs are unique in it. */
function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

const masked = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');

type Cell = string | number | Date;
type Rows = Cell[][];

/** A cell as a CSV holds it: a date typed dd/mm/aaaa, quoted when it holds the separator (a decimal comma). */
function csvCell(cell: Cell, sep: string): string {
  const text =
    cell instanceof Date
      ? `${String(cell.getUTCDate()).padStart(2, '0')}/${String(cell.getUTCMonth() + 1).padStart(2, '0')}/${cell.getUTCFullYear()}`
      : String(cell);
  return text.includes(sep) || text.includes('"') ? `"${text.replaceAll('"', '""')}"` : text;
}
const csv = (rows: Rows, sep: string) => rows.map((r) => r.map((c) => csvCell(c, sep)).join(sep)).join('\r\n') + '\r\n';

/** A date cell as Excel keeps it (a date, not text). */
const day = (text: string) => {
  const [d, m, y] = text.split('/').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

/** The three ways an office's spreadsheet arrives (issue 37), named as its computer names them. */
const FORMATS = {
  xlsx: async (base: string, rows: Rows) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Planilha');
    for (const row of rows) sheet.addRow(row);
    return {
      name: `${base}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    };
  },
  /** UTF-8 with a BOM, separated by commas (Google Sheets, LibreOffice). */
  utf8: async (base: string, rows: Rows) => ({
    name: `${base}-utf8.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(rows, ','), 'utf8')]),
  }),
  /** What Excel in Portuguese saves as "CSV (separado por vírgulas)": Windows-1252 and `;`. */
  win1252: async (base: string, rows: Rows) => ({
    name: `${base}-1252.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(rows, ';'), 'latin1'),
  }),
};
type Format = keyof typeof FORMATS;

/**
 * Administração › Importar as the office uses it to move a school in (issue 37), each kind in the order a school
 * brings them: students, teams, enrolments (of those students in that team), charges and grades (of those
 * enrolments). Each kind goes the whole way in one format — a preview naming a line's error, the corrected file,
 * the import with its progress bar and result — and then the same rows arrive in the two other formats and change
 * nothing, which proves each encoding read the same values, accents included. Afterwards the records are where a
 * person looks for them: the student in Alunos, the charges in the FINANCEIRO tab, the grades in Lançar notas.
 */
describe('importing every kind from XLSX and both CSV encodings, each with an error corrected', () => {
  const tag = randomUUID().slice(0, 6);
  const joao = { name: `João Conceição ${tag}`, cpf: randomCpf(), birth: '14/03/2012' };
  const ines = { name: `Inês Brás ${tag}`, cpf: randomCpf(), birth: '05/06/2011' };
  const team = `Turma Pirarucu São Brás ${tag}`;
  const header = ['Nome', 'CPF', 'Data de nascimento', 'Responsável 1 - Nome', 'Responsável 1 - Parentesco'];
  const students = (inesCpf: string): Rows => [
    header,
    [joao.name, joao.cpf, joao.birth, `Mãe de João ${tag}`, 'Mãe'],
    [ines.name, inesCpf, ines.birth, '', ''],
  ];
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId = 0;
  let joaoId = 0;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    token = await apiToken();
    await openSignedIn(page);
  });
  afterAll(() => browser?.close());

  async function choose(format: Format, base: string, rows: Rows) {
    await page.getByLabel('Planilha (XLSX ou CSV)').setInputFiles(await FORMATS[format](base, rows));
  }

  async function chooseKind(label: string) {
    await page.getByRole('combobox', { name: 'O que importar' }).click();
    await page.getByRole('option', { name: label }).click();
  }

  /** A table of the screen as read: its header, then each row's cells. */
  const tableOf = (region: string) =>
    page
      .getByRole('region', { name: region })
      .locator('tr')
      .evaluateAll((rows) => rows.map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.innerText.trim())));

  /** The dry run of the chosen file: its counts, the first rows as they will be stored and the problems. */
  async function check(label: string) {
    await page.getByRole('button', { name: 'Conferir planilha' }).click();
    await see(page, `Conferência: ${label}`);
    return page.getByRole('region', { name: `Conferência: ${label}` }).innerText();
  }

  /**
   * Checks, confirms and waits for the run's result. The status line under the bar may last less than a frame when
   * the runner is idle, so every text it shows is recorded as it appears.
   */
  async function importChecked(label: string): Promise<string> {
    await check(label);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusesSeen: string[] }).statusesSeen = seen;
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('[role="status"]')) seen.push(node.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const result = page.getByRole('region', { name: `Importação concluída: ${label}` });
    await result.waitFor({ timeout: 60_000 });
    await see(page, 'Pronto: os registros já estão no sistema.');
    const statuses = await page.evaluate(() => (window as unknown as { statusesSeen: string[] }).statusesSeen);
    expect(
      statuses.some((text) => /^(Na fila|Importando): \d+ de \d+ linhas/.test(text)),
      statuses.join(' | '),
    ).toBe(true);
    return result.innerText();
  }

  /**
   * The screen at 1366×768 and 390×844 in /tmp, with axe at the phone's width. From the top: a full-page capture of a
   * scrolled page draws the fixed app bar half-way down.
   */
  async function shoot(name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/${name}-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/${name}-390.png`, fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  /** The same rows in the two other formats: each import finds every row already there, as it is. */
  async function sameRowsAgain(label: string, base: string, rows: Rows, formats: Format[]) {
    const lines = rows.length - 1;
    for (const format of formats) {
      await choose(format, base, rows);
      const result = await importChecked(label);
      expect(result, format).toContain(`${lines} linhas, todas válidas.`);
      expect(result, format).toContain(`0 novos, 0 alterados, ${lines} sem mudança.`);
    }
  }

  it('students: a Windows-1252 CSV with a bad CPF, the file with "Erro", the fix; then XLSX and UTF-8 alike', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Importar' }).click();
    await page.waitForURL(/\/admin\/importar$/);
    await see(page, 'Importar planilha');
    await choose('win1252', 'alunos', students('123.456.789-00'));
    await see(page, 'Arquivo: alunos-1252.csv');
    const summary = await check('Alunos e responsáveis');
    expect(summary).toContain('2 linhas: 1 válida, 1 com erro.');
    expect(await tableOf('Problemas encontrados')).toEqual([
      ['Linha', 'Coluna', 'Problema'],
      ['3', 'CPF', 'CPF inválido.'],
    ]);
    expect(await tableOf('Primeiras linhas, como serão gravadas')).toEqual([
      // País de nacionalidade: the census's default (Brasil) for a row that leaves it empty.
      [
        'Nome',
        'CPF',
        'Data de nascimento',
        'País de nacionalidade',
        'Status',
        'Responsável 1 - Nome',
        'Responsável 1 - Parentesco',
      ],
      [joao.name, masked(joao.cpf), joao.birth, 'Brasil', 'Ativo', `Mãe de João ${tag}`, 'Mãe'],
    ]);
    // All or nothing: the import waits for the correction.
    await expect.poll(() => page.getByRole('button', { name: 'Importar a linha válida' }).isDisabled()).toBe(true);
    // The history names the file and says what was done, once.
    const history = page.getByRole('region', { name: 'Importações recentes' });
    const row = history.getByRole('row').filter({ hasText: 'alunos-1252.csv' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Conferência');
    expect(await row.innerText()).not.toContain('só conferência');
    expect(await axeProblems(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar planilha com a coluna Erro' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alunos-1252-com-erros.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...header, 'Erro']);
    expect(sheet.getRow(2).getCell(6).value ?? '').toBe('');
    expect(sheet.getRow(3).getCell(1).value).toBe(ines.name);
    expect(sheet.getRow(3).getCell(6).value).toBe('CPF inválido.');

    await choose('win1252', 'alunos', students(ines.cpf));
    const result = await importChecked('Alunos e responsáveis');
    expect(result).toContain('2 novos, 0 alterados, 0 sem mudança.');
    expect(await axeProblems(page)).toEqual([]);
    // Excel keeps the birth date as a date and the CPF as typed; the other CSV has commas and the CPF masked.
    const again = students(masked(ines.cpf)).map((r, i) => (i === 0 ? r : [r[0], r[1], day(String(r[2])), r[3], r[4]]));
    await sameRowsAgain('Alunos e responsáveis', 'alunos', again, ['xlsx', 'utf8']);
    joaoId = (await api('GET', `/students?search=${encodeURIComponent(joao.name)}`, token)).body.data[0].id;
  });

  it('teams: an XLSX naming an unknown grid, the fix; then both CSVs alike', async () => {
    const polo = (await api('GET', '/polos', token)).body.data[0].name as string;
    const grid = 'Grade Ensino Médio 2026';
    const teams = (otherGrid: string): Rows => [
      ['Nome', 'Início', 'Término', 'Polo', 'Grade'],
      [team, day('02/02/2026'), '18/12/2026', polo, grid],
      [`Turma Tucumã ${tag}`, day('02/02/2026'), day('18/12/2026'), polo, otherGrid],
    ];
    await chooseKind('Turmas');
    await choose('xlsx', 'turmas', teams('Grade Que Não Existe'));
    expect(await check('Turmas')).toContain('2 linhas: 1 válida, 1 com erro.');
    expect(await tableOf('Problemas encontrados')).toEqual([
      ['Linha', 'Coluna', 'Problema'],
      ['3', 'Grade', 'Grade "Grade Que Não Existe" não encontrado(a).'],
    ]);
    expect(await tableOf('Primeiras linhas, como serão gravadas')).toEqual([
      // The census's defaults for a team: presencial, escolarização.
      ['Nome', 'Início', 'Término', 'Polo', 'Grade', 'Mediação didático-pedagógica', 'Tipo de atendimento'],
      [team, '02/02/2026', '18/12/2026', polo, grid, 'Presencial', 'Escolarização'],
    ]);
    await choose('xlsx', 'turmas', teams(grid));
    expect(await importChecked('Turmas')).toContain('2 novos, 0 alterados, 0 sem mudança.');
    await sameRowsAgain('Turmas', 'turmas', teams(grid), ['utf8', 'win1252']);
    const all = (await api('GET', '/teams?page=1&perPage=1000', token)).body.data as { id: number; name: string }[];
    const ours = all.filter((t) => t.name.includes(tag));
    expect(ours.map((t) => t.name).sort()).toEqual([team, `Turma Tucumã ${tag}`]);
    teamId = ours.find((t) => t.name === team)!.id;
  });

  it('enrolments: a UTF-8 CSV with a student not found by name and birth date, the fix; then XLSX and 1252', async () => {
    const enrolments = (inesBirth: string): Rows => [
      ['CPF do aluno', 'Aluno', 'Data de nascimento', 'Turma', 'Data da matrícula', 'Número anterior'],
      [masked(joao.cpf), '', '', team, '03/02/2026', '2019/0042'],
      // Found by name and birth date, the name typed without its accents and in capitals.
      ['', `INES BRAS ${tag}`, inesBirth, team.toLocaleLowerCase('pt-BR'), '10/02/2026', ''],
    ];
    await chooseKind('Matrículas');
    await choose('utf8', 'matriculas', enrolments('06/05/2011'));
    expect(await check('Matrículas')).toContain('2 linhas: 1 válida, 1 com erro.');
    expect(await tableOf('Problemas encontrados')).toEqual([
      ['Linha', 'Coluna', 'Problema'],
      ['3', 'Aluno', `Aluno "INES BRAS ${tag}" com esta data de nascimento não encontrado.`],
    ]);
    const preview = await tableOf('Primeiras linhas, como serão gravadas');
    expect(preview).toEqual([
      ['Aluno', 'CPF do aluno', 'Data de nascimento', 'Turma', 'Data da matrícula', 'Número anterior'],
      [joao.name, masked(joao.cpf), joao.birth, team, '03/02/2026', '2019/0042'],
    ]);
    await choose('utf8', 'matriculas', enrolments(ines.birth));
    expect(await importChecked('Matrículas')).toContain('2 novos, 0 alterados, 0 sem mudança.');
    await sameRowsAgain('Matrículas', 'matriculas', enrolments(ines.birth), ['xlsx', 'win1252']);
    const stored = (await api('GET', `/students/${joaoId}`, token)).body[0].registrations;
    expect(stored).toMatchObject([{ team: { id: teamId, name: team }, enrolled_on: '2026-02-03' }]);
  });

  const chargesHeader = ['CPF do aluno', 'Aluno', 'Data de nascimento', 'Turma', 'Parcela', 'Valor', 'Vencimento'];
  const charges = (inesValue: Cell): Rows => [
    [...chargesHeader, 'Pago', 'Data de pagamento', 'Forma de pagamento', 'Tipo de serviço'],
    // Excel keeps money and dates as numbers and dates; a CSV as typed (the comma CSV quotes "1.234,56").
    [joao.cpf, '', '', team, 1, 1234.56, day('10/02/2026'), 'Sim', day('08/02/2026'), 'Cartão de crédito', 'Matrícula'],
    [joao.cpf, '', '', team, 2, 'R$ 1.234,56', day('10/03/2026'), 'Não', '', '', 'Mensalidade'],
    ['', ines.name, day(ines.birth), team, 1, inesValue, day('10/02/2026'), '', '', '', ''],
  ];

  it('charges: an XLSX with a value in words, the fix; then both CSVs alike', async () => {
    await chooseKind('Cobranças');
    await choose('xlsx', 'cobrancas', charges('oitocentos reais'));
    expect(await check('Cobranças')).toContain('3 linhas: 2 válidas, 1 com erro.');
    const problems = await tableOf('Problemas encontrados');
    expect(problems[0]).toEqual(['Linha', 'Coluna', 'Problema']);
    expect(problems.slice(1).map((r) => r.slice(0, 2))).toEqual([['4', 'Valor']]);
    expect(await tableOf('Primeiras linhas, como serão gravadas')).toEqual([
      [
        'Aluno',
        'CPF do aluno',
        'Data de nascimento',
        'Turma',
        'Parcela',
        'Valor',
        'Vencimento',
        'Pago',
        'Data de pagamento',
        'Forma de pagamento',
        'Tipo de serviço',
      ],
      [
        joao.name,
        masked(joao.cpf),
        joao.birth,
        team,
        '1',
        'R$ 1.234,56',
        '10/02/2026',
        'Sim',
        '08/02/2026',
        'Cartão de crédito',
        'Matrícula',
      ],
      [joao.name, masked(joao.cpf), joao.birth, team, '2', 'R$ 1.234,56', '10/03/2026', 'Não', '', '', 'Mensalidade'],
    ]);
    await shoot('importar-cobrancas-conferencia');

    await choose('xlsx', 'cobrancas', charges(850));
    expect(await importChecked('Cobranças')).toContain('3 novos, 0 alterados, 0 sem mudança.');
    await shoot('importar-cobrancas-resultado');
    await sameRowsAgain('Cobranças', 'cobrancas', charges('850,00'), ['utf8', 'win1252']);
  });

  it("lists João's imported charges in his FINANCEIRO tab", async () => {
    // Inside the app already loaded, as its links go (here and below).
    await goInApp(page, `/admin/alunos/${joaoId}/editar`);
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    const row = (quota: number) =>
      page.locator('tr', { has: page.getByRole('radio', { name: `Selecionar parcela ${quota}`, exact: true }) });
    await expect.poll(() => row(1).innerText(), { timeout: 10_000 }).toMatch(/10\/02\/2026[\s\S]*R\$ 1\.234,56/);
    expect(await row(2).innerText()).toMatch(/10\/03\/2026[\s\S]*R\$ 1\.234,56/);
    expect(await page.getByRole('radio', { name: /^Selecionar parcela/ }).count()).toBe(2);
  });

  it('grades: a Windows-1252 CSV with a grade out of scale, the fix; then XLSX and UTF-8 alike', async () => {
    const slots = slotsOf((await api('GET', `/grids/${teamId}/get-full-grid`, token)).body);
    const portuguese = slots.find((s) => s.discipline.name === 'Língua Portuguesa')!;
    const grades = (inesGrade: Cell, joaoGrade: Cell = '7,5'): Rows => [
      ['CPF do aluno', 'Aluno', 'Data de nascimento', 'Turma', 'Disciplina', 'Etapa', 'Nota'],
      [masked(joao.cpf), '', '', team, 'Língua Portuguesa', '1', joaoGrade],
      ['', ines.name, ines.birth, team, 'lingua portuguesa', '1', inesGrade],
    ];
    await goInApp(page, '/admin/importar');
    await chooseKind('Notas');
    await choose('win1252', 'notas', grades('11'));
    expect(await check('Notas')).toContain('2 linhas: 1 válida, 1 com erro.');
    const problems = await tableOf('Problemas encontrados');
    expect(problems.slice(1).map((r) => r.slice(0, 2))).toEqual([['3', 'Nota']]);
    expect(problems[1][2]).toMatch(/^Nota inválida\./);
    expect(await tableOf('Primeiras linhas, como serão gravadas')).toEqual([
      ['Aluno', 'CPF do aluno', 'Data de nascimento', 'Turma', 'Disciplina', 'Etapa', 'Nota'],
      [joao.name, masked(joao.cpf), joao.birth, team, 'Língua Portuguesa', '1', '7,5'],
    ]);
    await choose('win1252', 'notas', grades('9,0'));
    expect(await importChecked('Notas')).toContain('2 novos, 0 alterados, 0 sem mudança.');
    // Excel keeps a grade as a number.
    const excel = grades(9, 7.5);
    await sameRowsAgain('Notas', 'notas', excel, ['xlsx']);
    await sameRowsAgain('Notas', 'notas', grades('9,0'), ['utf8']);

    // The team's students, as Lançar notas lists them, with the imported grades of the 1ª etapa.
    await goInApp(page, `/admin/turmas/${teamId}/disciplinas/${portuguese.discipline.id}/alunos`);
    await see(page, 'Lançando notas de LÍNGUA PORTUGUESA');
    const upper = (name: string) => name.toLocaleUpperCase('pt-BR');
    const students = (await page.locator('tbody th').allInnerTexts()).map((t) => t.split('\n')[0].trim());
    expect(students).toEqual([upper(ines.name), upper(joao.name)]);
    const cell = (name: string) => page.getByRole('textbox', { name: `Nota de ${upper(name)}, 1ª etapa` });
    expect(await cell(joao.name).inputValue()).toBe('7,5');
    expect(await cell(ines.name).inputValue()).toBe('9,0');
  });

  it('shows the imported student in Alunos', async () => {
    await goInApp(page, `/admin/alunos?filter=${encodeURIComponent(JSON.stringify({ q: joao.name }))}`);
    await see(page, joao.name.toLocaleUpperCase('pt-BR'));
  });
});
