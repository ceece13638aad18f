import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

const SCREEN = { width: 1366, height: 768 };

describe("a team's PROFESSORES tab", () => {
  const tag = randomUUID().slice(0, 6);
  const teacherName = `Helena Prof ${tag}`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId: number;

  beforeAll(async () => {
    token = await apiToken();
    const team = await api('POST', '/teams', token, {
      name: `Turma Professores ${tag}`,
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    teamId = team.body.data.id;
    const user = await api('POST', '/users', token, {
      name: teacherName,
      email: `helena.${tag}@escolamodelo.edu.br`,
      password: 'senha-da-helena-1',
      role_id: 5, // the built-in Professor (migration 0020_roles)
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    browser = await launch();
    ({ page } = await newPage(browser, SCREEN));
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('adds a teacher to a discipline of the team and removes them after the confirmation', async () => {
    await page.goto(`/admin/turmas/${teamId}/editar`);
    await page.getByRole('tab', { name: 'Professores' }).click();
    await see(page, 'Nenhum professor atribuído a esta turma.');
    await page.getByRole('combobox', { name: 'Professor' }).click();
    await page.getByRole('option', { name: teacherName }).click();
    await page.getByRole('combobox', { name: 'Disciplina' }).click();
    await page.getByRole('option', { name: 'Matemática' }).click();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await see(page, 'Professor atribuído à turma com sucesso!');
    const table = page.getByRole('table', { name: 'Professores da turma' });
    await expect.poll(() => table.innerText()).toContain(teacherName);
    const stored = (await api('GET', `/teams/${teamId}/teachers`, token)).body;
    expect(stored.map((a: { user: { name: string }; discipline: { name: string } }) => a.discipline.name)).toEqual([
      'Matemática',
    ]);

    await page.getByRole('button', { name: `Remover ${teacherName} de Matemática` }).click();
    await page.getByRole('button', { name: 'Sim, apague!' }).click();
    await see(page, 'Professor removido da turma com sucesso!');
    await see(page, 'Nenhum professor atribuído a esta turma.');
    expect((await api('GET', `/teams/${teamId}/teachers`, token)).body).toEqual([]);
  });
});
