import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, expectUrl, see } from './support/ui';

const SCREEN = { width: 1366, height: 768 };

function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

/** Grades of every cell of team 1's grid, straight in the e2e database (grade entry is another screen). */
function seedGrades(studentId: number, gridId: number): number {
  const db = new Database(path.join(inject('dataDir'), 'secretaria.db'));
  const rows = db.prepare('select discipline_id, stage_id from grid_templates where grid_id = ?').all(gridId) as {
    discipline_id: number;
    stage_id: number;
  }[];
  const now = new Date().toISOString();
  const insert = db.prepare(
    'insert into grades (student_id, team_id, discipline_id, stage_id, grade, created_at, updated_at) values (?, 1, ?, ?, ?, ?, ?)',
  );
  rows.forEach((r, i) => insert.run(studentId, r.discipline_id, r.stage_id, 60 + (i % 5) * 5, now, now));
  db.close();
  return rows.length;
}

/** Ticks "Eu não sou um robô"; the page asks the server as soon as the proof of work is done. */
async function solveHumanCheck(page: Page): Promise<void> {
  await page.locator('altcha-widget').first().getByText('Eu não sou um robô').click();
}

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
  // The menu fades out: wait until it is gone, so that screenshots show the page.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

describe('school history issued from its page and verified on the public page, file included', () => {
  const tag = randomUUID().slice(0, 6);
  const name = `Heloísa Histórico ${tag}`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let studentId: number;
  let teamName: string;
  let code: string;
  let pdf: Buffer;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, SCREEN));
    token = await apiToken();
    const created = await api('POST', '/students', token, {
      name,
      cpf: randomCpf(),
      name_mother: 'Maria das Graças',
      naturalness: 'Belém - PA',
      birth_date: '2008-03-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    studentId = created.body.data.id;
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: 1 })).status).toBe(201);
    const team = (await api('GET', '/teams/1', token)).body[0];
    teamName = team.name;
    expect(seedGrades(studentId, team.grid_id)).toBeGreaterThan(0);
    await api('POST', '/text-documents', token, {
      name: `Conclusão ${tag}`,
      content: 'Concluiu o Ensino Médio no ano letivo de [[DATA_ANO]], com aproveitamento.',
    });
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('creates the history from the student page: preview of the grades, PDF, back to the student', async () => {
    // The first test loads the app; the next moves inside it, as its links do (goInApp).
    await goInApp(page, `/admin/alunos/${studentId}/editar`);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('link', { name: 'Gerar histórico' }).click();
    await expectUrl(page, new RegExp(`/admin/historico/${studentId}/registrar$`));
    await expect
      .poll(() => page.getByLabel('Aluno', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe(name.toLocaleUpperCase('pt-BR'));
    await choose(page, 'Turma', teamName.toLocaleUpperCase('pt-BR'));
    const preview = page.getByRole('region', { name: 'Prévia do histórico' });
    await preview.getByText('Maria das Graças').waitFor();
    expect(await preview.innerText()).toContain('01/03/2008');
    expect(await preview.getByRole('table').innerText()).toContain('6.0');

    // An empty field is refused before anything is sent.
    await page.getByLabel('Cidade').fill('');
    await page.getByRole('button', { name: 'Gerar PDF' }).click();
    await see(page, 'Por favor, preencha todos os campos.');
    await page.getByLabel('Cidade').fill('Ananindeua');
    await page.getByLabel('Média de aprovação').fill('7,0');
    await page.screenshot({ path: '/tmp/historico.png' });

    await page.getByRole('button', { name: 'Gerar PDF' }).click();
    await see(page, 'Histórico gerado com sucesso!');
    await expectUrl(page, new RegExp(`/admin/alunos/${studentId}/editar$`));
    const documents = (await api('GET', `/students/${studentId}`, token)).body[0].documents as {
      type: string;
      code: string;
      file_name: string;
    }[];
    expect(documents).toEqual([expect.objectContaining({ type: 'HISTORY' })]);
    code = documents[0].code;
    const file = await fetch(
      `${page.url().replace(/\/admin.*/, '')}/api/documents/storage/history/${documents[0].file_name}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    pdf = Buffer.from(await file.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Back on the page, the stored history is shown instead of the editor. Loaded anew: inside the app, the screen
    // once kept showing the editor past the wait (the whole e2e run, on a loaded machine).
    await page.goto(`/admin/historico/${studentId}/registrar`);
    await choose(page, 'Turma', teamName.toLocaleUpperCase('pt-BR'));
    await page.getByTitle('Histórico escolar emitido').waitFor();
    expect((await page.getByTitle('Histórico escolar emitido').boundingBox())?.height).toBe(680);
    await page.getByRole('button', { name: 'Apagar histórico' }).waitFor();
    expect(await page.getByRole('button', { name: 'Gerar PDF' }).count()).toBe(0);
  });

  it('opens the certificate editor with the template filled in', async () => {
    await goInApp(page, `/admin/alunos/${studentId}/editar`);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('link', { name: 'Gerar certificado' }).click();
    await see(page, 'Criando Certificado');
    await page.getByRole('button', { name: 'Gerar PDF' }).click();
    await see(page, 'Você não selecionou um texto ou a matrícula para gerar o certificado.');
    await choose(page, 'Matrícula(s)', new RegExp(`^\\d{6} / ${teamName.toLocaleUpperCase('pt-BR')}$`));
    await choose(page, 'Texto de Documentos', `Conclusão ${tag}`);
    const preview = page.getByRole('region', { name: 'Prévia do certificado' });
    await preview.getByText(`no ano letivo de ${new Date().getFullYear()}`, { exact: false }).waitFor();
    expect(await preview.innerText()).toContain(name);
    await page.screenshot({ path: '/tmp/certificado.png' });
  });

  it('verifies the code on the public page, accepts the exact PDF and refuses an altered copy', async () => {
    const { context, page: visitor } = await newPage(browser, SCREEN);
    await visitor.goto(`/verificar/${code}`);
    await see(visitor, 'Verificação de documento');
    await solveHumanCheck(visitor);
    const result = visitor.getByRole('status');
    await result.getByText(name).waitFor({ timeout: 30_000 });
    const shown = await result.innerText();
    expect(shown).toContain('Histórico escolar');
    expect(shown).toContain(teamName);
    expect(shown).not.toContain('Maria das Graças');

    const input = visitor.getByLabel('Arquivo PDF recebido');
    await input.setInputFiles({ name: 'historico.pdf', mimeType: 'application/pdf', buffer: pdf });
    await see(visitor, 'Documento autêntico: idêntico ao emitido');
    await visitor.screenshot({ path: '/tmp/verificar.png', fullPage: true });
    await input.setInputFiles({
      name: 'historico-editado.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.from('\n% editado depois\n')]),
    });
    await see(visitor, 'Arquivo alterado: não corresponde ao documento emitido');
    await visitor.screenshot({ path: '/tmp/verificar-alterado.png', fullPage: true });
    expect(await visitor.getByText('Documento autêntico: idêntico ao emitido').count()).toBe(0);

    await visitor.goto('/verificar/HIST_0000000000000000');
    await solveHumanCheck(visitor);
    await visitor.getByText('Documento não encontrado').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
