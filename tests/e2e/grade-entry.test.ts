import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsOf, type Slot } from '../support/full-grid';
import { pdfText } from '../support/pdf-text';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, expectUrl, rowWith, see, teamListOf } from './support/ui';

const SCREEN = { width: 1366, height: 768 };

/** Pastes text into the focused cell as a spreadsheet's clipboard would (tabs between cells, lines between rows). */
async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).focus();
  await page.getByRole('textbox', { name: label }).evaluate((input, data) => {
    const clipboard = new DataTransfer();
    clipboard.setData('text/plain', data);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, text);
}

describe("a team's grades entered like a spreadsheet, then a history anyone can verify", () => {
  const tag = randomUUID().slice(0, 6);
  const names = [`Zélia Notas ${tag}`, `Alice Notas ${tag}`, `Márcio Notas ${tag}`];
  const upper = (n: string) => n.toLocaleUpperCase('pt-BR');
  const [zelia, alice, marcio] = names.map(upper);
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId: number;
  const ids: number[] = [];
  let math: Slot;

  beforeAll(async () => {
    token = await apiToken();
    const team = await api('POST', '/teams', token, {
      name: `Turma Notas ${tag}`,
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    teamId = team.body.data.id;
    for (const name of names) {
      const student = await api('POST', '/students', token, { name });
      expect(student.status, JSON.stringify(student.body)).toBe(201);
      ids.push(student.body.data.id);
      expect(
        (await api('POST', '/registrations', token, { student_id: student.body.data.id, team_id: teamId })).status,
      ).toBe(201);
    }
    const grid = await api('GET', `/grids/${teamId}/get-full-grid`, token);
    math = slotsOf(grid.body).find((d) => d.discipline.name === 'Matemática')!;
    browser = await launch();
    ({ page } = await newPage(browser, SCREEN));
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('opens from the team list, lists the disciplines and announces the chosen one', async () => {
    // The team's edit page links here too.
    await page.goto(`/admin/turmas/${teamId}/editar`);
    expect(await page.getByRole('link', { name: 'Lançar notas' }).getAttribute('href')).toBe(
      `/admin/turmas/${teamId}/disciplinas`,
    );
    await goInApp(page, teamListOf(2026));
    await rowWith(page, `Turma Notas ${tag}`).getByRole('link', { name: 'Lançar notas' }).click();
    await see(page, 'Selecione uma disciplina para ver as notas dos alunos.');
    await page.getByRole('link', { name: /^MATEMÁTICA/ }).click();
    await see(page, 'Lançando notas de MATEMÁTICA');
    expect(new URL(page.url()).pathname).toBe(`/admin/turmas/${teamId}/disciplinas/${math.discipline.id}/alunos`);
    // Students in upper case, alphabetical, each with the registration number under the name.
    const rows = (await page.locator('tbody th').allInnerTexts()).map((t) => t.split('\n').map((l) => l.trim()));
    expect(rows.map((r) => r[0])).toEqual([alice, marcio, zelia]);
    for (const r of rows) expect(r[1]).toMatch(/^Matrícula \d{6}$/);
    expect(await page.getByPlaceholder('0,0').count()).toBe(3 * math.stages.length);
  });

  it('takes grades by keyboard and by paste, marks a wrong one and refuses to save it', async () => {
    const cell = (student: string, stage: number) => `Nota de ${student}, ${stage}ª etapa`;
    // Digits stay where they are typed: 10 is ten (not 1.0), 11 and 9,75 are refused at the cell.
    await page.getByRole('textbox', { name: cell(marcio, 1) }).click();
    await page.keyboard.type('11');
    expect(await page.getByRole('textbox', { name: cell(marcio, 1) }).inputValue()).toBe('11');
    await see(page, 'Nota fora da escala: use de 0,0 a 10,0.');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('9,75');
    await see(page, 'Use uma casa decimal só (ex.: 9,7 ou 9,8): a nota não é arredondada.');
    await page.getByRole('textbox', { name: cell(marcio, 1) }).fill('');
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    expect(await page.getByRole('textbox', { name: cell(marcio, 1) }).inputValue()).toBe('10,0');

    await page.getByRole('textbox', { name: cell(alice, 1) }).click();
    await page.keyboard.type('7,5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('8,0');
    await page.keyboard.press('Enter');
    await page.keyboard.type('5,5');
    expect(await page.getByRole('textbox', { name: cell(marcio, 2) }).inputValue()).toBe('5,5');
    // A column copied from a spreadsheet, pasted on Alice's 3rd stage, goes down the students.
    await paste(page, cell(alice, 3), '9,5\n4\n12\n');
    expect(await page.getByRole('textbox', { name: cell(zelia, 3) }).inputValue()).toBe('12,0');
    expect(await page.getByRole('textbox', { name: cell(zelia, 3) }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(`Média de ${alice}`).innerText()).toBe('8,3');
    await page.screenshot({ path: '/tmp/grade-entry-invalid.png' });

    await page.getByRole('button', { name: 'SALVAR NOTAS' }).click();
    await see(page, /Há notas inválidas/);
    expect((await api('GET', `/teams/${teamId}/grades`, token)).body).toEqual([]);

    // A row of two stages pasted on Zélia's 2nd stage fills it and replaces the wrong 3rd.
    await paste(page, cell(zelia, 2), '6,5\t7\n');
    expect(await page.getByRole('textbox', { name: cell(zelia, 3) }).inputValue()).toBe('7,0');
    expect(await page.getByRole('textbox', { name: cell(zelia, 3) }).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByLabel(`Média de ${zelia}`).innerText()).toBe('6,8');
  });

  it('saves with a toast, and the grades are there after a reload', async () => {
    await page.getByRole('button', { name: 'SALVAR NOTAS' }).click();
    await see(page, 'Notas salvas com sucesso!');
    const stored = (await api('GET', `/teams/${teamId}/grades`, token)).body as { grade: string }[];
    expect(stored).toHaveLength(8);
    expect(stored.map((g) => g.grade)).toContain('10.0');

    await page.reload();
    await see(page, 'Lançando notas de MATEMÁTICA');
    const cell = (student: string, stage: number) =>
      page.getByRole('textbox', { name: `Nota de ${student}, ${stage}ª etapa` }).inputValue();
    expect([
      await cell(alice, 1),
      await cell(alice, 2),
      await cell(alice, 3),
      await cell(marcio, 1),
      await cell(marcio, 2),
      await cell(marcio, 3),
      await cell(zelia, 2),
      await cell(zelia, 3),
    ]).toEqual(['7,5', '8,0', '9,5', '10,0', '5,5', '4,0', '6,5', '7,0']);
    await page.screenshot({ path: '/tmp/grade-entry-saved.png' });
  });

  it('asks before leaving with unsaved grades', async () => {
    await page.getByRole('textbox', { name: `Nota de ${alice}, 1ª etapa` }).fill('3.0');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByRole('link', { name: /^HISTÓRIA/ }).click();
    await expect.poll(() => asked).toBe('Há notas não salvas. Deseja sair sem salvar?');
    expect(new URL(page.url()).pathname).toBe(`/admin/turmas/${teamId}/disciplinas/${math.discipline.id}/alunos`);
  });

  it("makes Alice's history from the grades just saved; the public page finds its code and refuses an altered copy", async () => {
    // A tab of its own: the grade page above was left with an unsaved cell on purpose. A second tab of the same
    // browser, signed in as the first (not a new browser, whose first load of the app costs more).
    const secretary = await page.context().newPage();
    secretary.setDefaultTimeout(15_000);
    const aliceId = ids[names.indexOf(`Alice Notas ${tag}`)];
    await secretary.goto(`/admin/alunos/${aliceId}/editar`);
    await secretary.getByRole('tab', { name: 'Documentos' }).click();
    await secretary.getByRole('link', { name: 'Gerar histórico' }).click();
    await secretary.getByRole('combobox', { name: 'Turma' }).click();
    await secretary.getByRole('option', { name: upper(`Turma Notas ${tag}`), exact: true }).click();
    await secretary.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    const mathRow = secretary
      .getByRole('region', { name: 'Prévia do histórico' })
      .getByRole('row')
      .filter({ hasText: 'MATEMÁTICA' });
    await mathRow.waitFor();
    const shown = await mathRow.innerText();
    // The grades just saved, with the decimal comma or point the preview writes.
    for (const grade of ['7', '8', '9']) expect(shown).toMatch(new RegExp(`${grade}[.,]${grade === '8' ? 0 : 5}`));
    await secretary.getByLabel('Cidade').fill('Ananindeua');
    await secretary.getByRole('button', { name: 'Gerar PDF' }).click();
    await see(secretary, 'Histórico gerado com sucesso!');
    await expectUrl(secretary, new RegExp(`/admin/alunos/${aliceId}/editar$`));
    await secretary.getByRole('tab', { name: 'Documentos' }).click();
    await secretary
      .getByRole('list', { name: 'Documentos emitidos' })
      .getByText(/^Histórico escolar — emitido em /)
      .waitFor();

    const issued = (await api('GET', `/students/${aliceId}`, token)).body[0].documents[0] as {
      code: string;
      file_name: string;
    };
    const file = await fetch(`${new URL(secretary.url()).origin}/api/documents/storage/history/${issued.file_name}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const pdf = Buffer.from(await file.arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain(`Código de validação: ${issued.code}`);
    expect(text).toMatch(/9[.,]5/);
    await secretary.close();

    const { context: outside, page: visitor } = await newPage(browser, SCREEN);
    await visitor.goto(`/verificar/${issued.code}`);
    await visitor.locator('altcha-widget').first().getByText('Eu não sou um robô').click();
    const result = visitor.getByRole('status');
    await result.getByText(`Alice Notas ${tag}`).waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toContain('Histórico escolar');
    const input = visitor.getByLabel('Arquivo PDF recebido');
    await input.setInputFiles({ name: 'historico.pdf', mimeType: 'application/pdf', buffer: pdf });
    await see(visitor, 'Documento autêntico: idêntico ao emitido');
    // A PDF editor saves a change as an update appended to the file: the school's hash no longer matches.
    const altered = Buffer.concat([pdf, Buffer.from('\n% nota 9.5 trocada por 9.9\n')]);
    await input.setInputFiles({ name: 'historico-alterado.pdf', mimeType: 'application/pdf', buffer: altered });
    await see(visitor, 'Arquivo alterado: não corresponde ao documento emitido');
    expect(await visitor.getByText('Documento autêntico: idêntico ao emitido').count()).toBe(0);
    await outside.close();
  });
});
