import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, columnTexts, DATA_CELL, expectUrl, rowWith, see, teamListOf } from './support/ui';

/** Enrols `count` new students in a team straight in the e2e database (students have no screen yet). */
function enrol(teamId: number, count: number): void {
  const db = new Database(path.join(inject('dataDir'), 'secretaria.db'));
  const now = new Date().toISOString();
  const student = db.prepare('insert into students (name, created_at, updated_at) values (?, ?, ?)');
  const registration = db.prepare(
    'insert into registrations (student_id, team_id, created_at, updated_at) values (?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = student.run(`Aluno ${teamId}-${i}`, now, now).lastInsertRowid;
      registration.run(id, teamId, now, now);
    }
  })();
  db.close();
}

describe('master data screens generated from configs', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser));
    token = await apiToken();
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('registers, edits and deletes a course with the teaching select', async () => {
    await page.goto('/admin/cursos/registrar');
    await page.getByLabel('Nome').fill('Técnico em Logística');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const teachingField = page.locator('.MuiFormControl-root', { has: page.getByRole('combobox', { name: 'Ensino' }) });
    await teachingField.getByText('O campo Ensino é obrigatório.').waitFor();
    await page.getByRole('combobox', { name: 'Ensino' }).click();
    await page.getByRole('option', { name: 'Técnico' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro criado com sucesso!');
    await expectUrl(page, /\/admin\/cursos$/);
    const row = rowWith(page, 'TÉCNICO EM LOGÍSTICA');
    expect(await row.innerText()).toContain('TÉCNICO');

    await row.getByRole('link', { name: 'Editar' }).click();
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe('Técnico em Logística');
    await page.getByRole('combobox', { name: 'Ensino' }).click();
    await page.getByRole('option', { name: 'Ensino Médio' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro atualizado com sucesso!');
    await expect.poll(async () => rowWith(page, 'TÉCNICO EM LOGÍSTICA').innerText()).toContain('ENSINO MÉDIO');
    const id = Number(await rowWith(page, 'TÉCNICO EM LOGÍSTICA').locator(DATA_CELL).first().innerText());
    expect((await api('GET', `/courses/${id}`, token)).body[0].teaching).toEqual({ id: 2, name: 'Ensino Médio' });

    await rowWith(page, 'TÉCNICO EM LOGÍSTICA').getByRole('button', { name: 'Remover' }).click();
    await page.getByRole('button', { name: 'Sim, apague!' }).click();
    await see(page, 'Registro apagado com sucesso!');
    expect((await api('GET', `/courses/${id}`, token)).status).toBe(404);
  });

  it('lists stages ascending by stage, as badges', async () => {
    await goInApp(page, '/admin/etapas');
    await see(page, 'Relação de todas as etapas');
    expect(await columnTexts(page, 1)).toEqual(['1', '2', '3', '4']);
    expect(
      await page.locator('tbody tr td:nth-child(1 of :not(.MuiTableCell-paddingCheckbox)) .MuiChip-root').count(),
    ).toBe(4);
  });

  it('edits the rows of a grid: adds one, refuses an empty one, removes one', async () => {
    await goInApp(page, '/admin/grades/2/editar');
    await see(page, 'Disciplinas da grade');
    const rows = page.getByRole('table', { name: 'Linhas da grade' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(12);
    await page.getByRole('button', { name: 'Adicionar linha' }).click();
    await expect.poll(() => rows.count()).toBe(13);
    await page.getByRole('button', { name: 'Salvar disciplinas da grade' }).click();
    await see(page, 'Selecione a disciplina.');

    const last = rows.last();
    await last.getByRole('combobox', { name: 'Disciplina' }).click();
    await page.getByRole('option', { name: 'Banco de Dados' }).click();
    await last.getByRole('combobox', { name: 'Etapa' }).click();
    await page.getByRole('option', { name: '2ª etapa' }).click();
    await last.getByLabel('Carga horária').fill('3a0');
    expect(await last.getByLabel('Carga horária').inputValue()).toBe('30');
    await page.getByRole('button', { name: 'Salvar disciplinas da grade' }).click();
    await see(page, 'Grade salva com sucesso!');
    const stored = await api('GET', '/grids/get-grid-template/2', token);
    const added = stored.body.data.find(
      (r: { discipline: { name: string } }) => r.discipline.name === 'Banco de Dados',
    );
    expect(added).toMatchObject({ workload: 30, stage: { stage: 2 } });

    const index = stored.body.data.findIndex((r: { id: number }) => r.id === added.id);
    await page.getByRole('button', { name: `Remover linha ${index + 1}` }).click();
    // A stored row asks first (spec §2.9).
    await page
      .getByRole('dialog', { name: 'Deseja confirmar a ação?' })
      .getByRole('button', { name: 'Sim, apague!' })
      .click();
    await see(page, 'Linha removida da grade com sucesso!');
    await expect.poll(() => rows.count()).toBe(12);
    expect((await api('GET', '/grids/get-grid-template/2', token)).body.data).toHaveLength(12);
  });

  it('pages teams by 15 with 15/25/35/55, and colours enrolment badges', async () => {
    // Whatever other tests enrolled, bring team 2 to 30 students (orange) and team 3 to 51 (red).
    const count = async (teamId: number) =>
      (await api('GET', `/teams/${teamId}`, token)).body[0].registrations_count as number;
    enrol(2, 30 - (await count(2)));
    enrol(3, 51 - (await count(3)));
    await goInApp(page, teamListOf(2026));
    await see(page, 'Relação de todas as turmas');
    await see(page, 'Linhas por página:');
    const perPage = page.getByRole('combobox', { name: /Linhas por página/ });
    expect(await perPage.innerText()).toBe('15');
    await perPage.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['15', '25', '35', '55']);
    await page.keyboard.press('Escape');
    const colour = async (team: string) =>
      (await rowWith(page, team).locator('.MuiChip-root').getAttribute('class')) ?? '';
    expect(await colour('TURMA MÉDIO 2026 A')).toContain('MuiChip-colorSuccess');
    expect(await colour('TURMA MÉDIO 2026 B')).toContain('MuiChip-colorWarning');
    expect(await colour('ENFERMAGEM 2026.1')).toContain('MuiChip-colorError');
    expect(await rowWith(page, 'ENFERMAGEM 2026.1').locator('.MuiChip-root').innerText()).toBe('51');
  });

  it('edits a user with and without a password change, and hides self-delete', async () => {
    // The demo staff have random passwords: the administrator gives Joana one first.
    const joana = (await api('GET', '/users?search=joana', token)).body.data[0];
    expect(
      (
        await api('PUT', `/users/${joana.id}`, token, {
          name: joana.name,
          email: joana.email,
          password: 'senha-da-joana-1',
        })
      ).status,
    ).toBe(200);
    await goInApp(page, '/admin/usuarios');
    await see(page, 'Relação de todos os usuários');
    await expect.poll(() => rowWith(page, 'JOANA SECRETÁRIA').count()).toBe(1);
    expect(await rowWith(page, 'secretaria.e2e@escolamodelo.edu.br').count()).toBe(1);
    expect(
      await rowWith(page, 'secretaria.e2e@escolamodelo.edu.br').getByRole('button', { name: 'Remover' }).count(),
    ).toBe(0);
    expect(await rowWith(page, 'joana@demo.invalid').getByRole('button', { name: 'Remover' }).count()).toBe(1);

    await rowWith(page, 'joana@demo.invalid').getByRole('link', { name: 'Editar' }).click();
    // The user's own Nome, not the census section's "Nome da mãe".
    const userName = () => page.getByRole('textbox', { name: /^Nome\s*\*?$/ });
    await expect.poll(() => userName().inputValue()).toBe('Joana Secretária');
    expect(await page.getByLabel('E-mail').isDisabled()).toBe(true);
    await userName().fill('Joana Silva');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Registro atualizado com sucesso!');
    await expectUrl(page, /\/admin\/usuarios$/);
    await expect.poll(() => rowWith(page, 'JOANA SILVA').count()).toBe(1);
    expect(await login('joana@demo.invalid', 'senha-da-joana-1')).toBe(200);

    await rowWith(page, 'joana@demo.invalid').getByRole('link', { name: 'Editar' }).click();
    await page.getByLabel('Alterar senha').check();
    await page.getByLabel('Nova senha').fill('curta');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'O campo Senha deve ter pelo menos 8 caracteres.');
    await page.getByLabel('Nova senha').fill('nova-senha-da-joana');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectUrl(page, /\/admin\/usuarios$/);
    expect(await login('joana@demo.invalid', 'senha-da-joana-1')).toBe(401);
    expect(await login('joana@demo.invalid', 'nova-senha-da-joana')).toBe(200);
  });
});

async function login(email: string, password: string): Promise<number> {
  const { baseURL } = await import('./support/browser');
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}
