import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsOf } from '../support/full-grid';
import { pdfText } from '../support/pdf-text';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * The secretary closes the year of a class on "Resultado final" (issue 38): Bruno's make-up takes him to APROVADO
 * APÓS RECUPERAÇÃO, the class council approves Carla, and the ata printed says both. One signed-in page throughout.
 */
describe('the secretary on a team’s RESULTADO FINAL', () => {
  const tag = randomUUID().slice(0, 6);
  const bruno = `Bruno Recuperação ${tag}`;
  const carla = `Carla Conselho ${tag}`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId: number;
  let settings: Record<string, unknown>;

  beforeAll(async () => {
    token = await apiToken();
    settings = (await api('GET', '/school-settings', token)).body.data;
    const rules = {
      average_mode: 'arithmetic',
      makeup_rule: 'capped',
      failures_allowed: 0,
      dependencia_allowed: false,
    };
    expect((await api('PUT', '/school-settings', token, { ...settings, results: rules })).status).toBe(200);
    const team = await api('POST', '/teams', token, {
      name: `Turma Resultado ${tag}`,
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    teamId = team.body.data.id;
    const grid = slotsOf((await api('GET', '/grids/1/get-full-grid', token)).body);
    const passing = Number(settings.average_grade);
    const low = { [bruno]: (passing - 1).toFixed(1), [carla]: (passing - 2).toFixed(1) };
    for (const name of [bruno, carla]) {
      const student = (await api('POST', '/students', token, { name })).body.data.id as number;
      const enrolled = await api('POST', '/teams/register-student', token, { student_id: student, team_id: teamId });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
      const grades = grid.flatMap((slot) =>
        slot.stages.map((stage) => ({
          student_id: student,
          team_id: teamId,
          discipline_id: slot.discipline.id,
          stage_id: stage.id,
          grade: slot.discipline.name === 'Matemática' ? low[name] : '9,0',
        })),
      );
      expect((await api('POST', '/grades', token, { grades })).status).toBe(200);
    }
    browser = await launch();
    ({ page } = await newPage(browser, DESK));
    await putSession(page);
  });
  afterAll(async () => {
    if (settings) await api('PUT', '/school-settings', token, settings);
    await browser?.close();
  });

  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });

  it('shows the result rules on Configurações da escola, as the school chose them', async () => {
    await page.goto('/admin/configuracoes');
    await page.getByText('Resultado final', { exact: true }).scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Recuperação final' }).innerText())
      .toContain('Substitui a média, até a média de aprovação');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/configuracoes-resultado-1366.png' });
    await page.setViewportSize(PHONE);
    await page.getByText('Resultado final', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/configuracoes-resultado-390.png' });
    await page.setViewportSize(DESK);
  });

  it('enters Bruno’s make-up and sees APROVADO APÓS RECUPERAÇÃO', async () => {
    // Inside the app already loaded (the first test loads it), as its links go.
    await goInApp(page, `/admin/turmas/${teamId}/editar`);
    await page.getByRole('tab', { name: 'Resultado final' }).click();
    await expect.poll(() => rowOf(bruno).innerText()).toContain('EM RECUPERAÇÃO');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/resultado-final-1366.png', fullPage: true });

    const makeup = page.getByRole('textbox', { name: `Recuperação de ${bruno} em Matemática` });
    await makeup.fill('8,0');
    await makeup.press('Enter');
    await see(page, 'Resultado salvo com sucesso!');
    await expect.poll(() => rowOf(bruno).innerText()).toContain('APROVADO APÓS RECUPERAÇÃO');
  });

  it('records the class council’s decision on Carla and sees APROVADO PELO CONSELHO', async () => {
    await page.getByRole('button', { name: `Conselho de classe: ${carla} em Matemática` }).click();
    const dialog = page.getByRole('dialog', { name: 'Conselho de classe' });
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Evolução no segundo semestre e frequência ao reforço.');
    expect(await axeProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Resultado salvo com sucesso!');
    await expect.poll(() => rowOf(carla).innerText()).toContain('APROVADO PELO CONSELHO');
  });

  it('prints the ata with both results and the council’s reason', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Imprimir ata' }).click(),
    ]);
    const file = `/tmp/ata-${tag}.pdf`;
    await download.saveAs(file);
    const text = await pdfText(fs.readFileSync(file));
    expect(text).toContain('ATA DE RESULTADOS FINAIS');
    expect(text).toMatch(new RegExp(`${bruno}.*AR`));
    expect(text).toMatch(new RegExp(`${carla}.*AC`));
    expect(text).toContain('Evolução no segundo semestre e frequência ao reforço.');
  });

  it('works on a phone: the grid scrolls sideways, nothing serious for axe', async () => {
    await page.setViewportSize(PHONE);
    await see(page, 'APROVADO PELO CONSELHO');
    await see(page, carla);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/resultado-final-390.png', fullPage: true });
  });
});
