import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

/**
 * The office on a school year (issue 38): "Criar turmas de {ano}" confirms next year's team, then "Rematrícula
 * automática" simulates (one promoted, one retained, one who left), confirms, and the new team lists its student.
 * The years are the test's own (far ahead), so no other file's teams are in them.
 */
describe('next year on the school year screen', () => {
  // 2060–2090: admission.test.ts takes 2040–2059 on the same server (each file creates its two years).
  const year = 2060 + Math.floor(Math.random() * 30);
  let browser: Browser;
  let page: Page;
  let token: string;
  const ids: Record<string, number> = {};

  async function ok(method: string, path: string, body?: unknown, status = 201) {
    const answer = await api(method, path, token, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }

  async function grid(name: string, next?: number) {
    const id = Number((await ok('POST', '/grids', { name, course_id: 1, next_grid_id: next ?? null })).data.id);
    await ok('POST', '/grid-templates', {
      rows: [{ grid_id: id, discipline_id: ids.discipline, stage_id: ids.stage, workload: 80 }],
    });
    return id;
  }

  const team = async (name: string, gridId: number, yearId: number, y: number) =>
    Number(
      (
        await ok('POST', '/teams', {
          name,
          start_date: `${y}-02-03`,
          end_date: `${y}-12-12`,
          polo_id: 1,
          grid_id: gridId,
          school_year_id: yearId,
        })
      ).data.id,
    );

  beforeAll(async () => {
    token = await apiToken();
    ids.discipline = Number((await ok('GET', '/disciplines?page=0', undefined, 200)).data[0].id);
    ids.stage = Number((await ok('GET', '/stages?page=0', undefined, 200)).data[0].id);
    for (const [key, y] of [
      ['from', year],
      ['to', year + 1],
    ] as const)
      ids[key] = Number(
        (await ok('POST', '/school-years', { year: y, start_date: `${y}-02-03`, end_date: `${y}-12-12` })).data.id,
      );
    ids.grid4 = await grid(`4º ANO ${year}`);
    ids.grid3 = await grid(`3º ANO ${year}`, ids.grid4);
    ids.team = await team(`3º ANO A ${year}`, ids.grid3, ids.from, year);
    const grades = [];
    for (const [name, grade] of [
      ['Lívia Cardoso Ramos', '8,5'],
      ['Mateus Oliveira Prado', '3,0'],
      ['Natália Freitas Lobo', '7,0'],
    ]) {
      const student = Number((await ok('POST', '/students', { name })).data.id);
      ids[name] = student;
      await ok('POST', '/teams/register-student', { student_id: student, team_id: ids.team });
      grades.push({
        student_id: student,
        team_id: ids.team,
        discipline_id: ids.discipline,
        stage_id: ids.stage,
        grade,
      });
    }
    await ok('POST', '/grades', { grades }, 200);
    await ok('PUT', `/students/${ids['Natália Freitas Lobo']}/status`, { status: 'Evadido' }, 200);
    await ok('POST', `/teams/${ids.team}/close`, undefined, 200);
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('creates next year’s team, simulates the rollover per student, confirms it, and the new team lists them', async () => {
    await page.goto(`/admin/anos-letivos/${ids.from}/editar`);
    await page.getByRole('button', { name: `Criar turmas de ${year + 1}` }).click();
    const proposals = page.getByRole('table', { name: 'Turmas propostas para o ano seguinte' });
    await expect.poll(() => proposals.getByLabel('Nome').inputValue()).toBe(`3º ANO A ${year + 1}`);
    expect(await page.screenshot({ path: '/tmp/turmas-seguintes-1366.png' })).toBeTruthy();
    await page.getByRole('button', { name: 'Criar 1 turma' }).click();
    await see(page, '1 turma criada com sucesso!');
    const created = (await ok('GET', `/teams?page=0&school_year_id=${ids.to}`, undefined, 200)).data;
    const successor = created.find((t: { name: string }) => t.name === `3º ANO A ${year + 1}`);
    expect(successor.grid_id).toBe(ids.grid4);
    // The retained stay in the 3º ano: its team of next year, made by hand.
    ids.retained = await team(`3º ANO B ${year + 1}`, ids.grid3, ids.to, year + 1);

    await page.getByRole('button', { name: 'Rematrícula automática' }).click();
    const targets = page.getByRole('table', { name: 'Turmas da rematrícula' });
    await expect.poll(() => targets.getByLabel('Retidos').innerText()).toContain(`3º ANO B ${year + 1}`);
    await expect.poll(() => targets.getByLabel('Aprovados').innerText()).toContain(`3º ANO A ${year + 1}`);
    await page.getByRole('button', { name: 'Simular' }).click();
    const dry = page.getByTestId('simulacao-rematricula');
    await expect.poll(() => dry.innerText()).toContain('1 promovido, 1 retido, 0 concluintes, 1 saiu.');
    await see(page, '2 alunos serão matriculados.');
    expect(await dry.innerText()).toContain('Mateus Oliveira Prado');
    expect(await page.screenshot({ path: '/tmp/rematricula-simulacao-1366.png' })).toBeTruthy();
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.screenshot({ path: '/tmp/rematricula-simulacao-390.png' })).toBeTruthy();
    expect(await axeProblems(page)).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 768 });
    // Only the retained, filtered by outcome.
    await dry.getByLabel('Situação').click();
    await page.getByRole('option', { name: 'Retido' }).click();
    await expect.poll(() => dry.innerText()).not.toContain('Lívia Cardoso Ramos');
    expect(await dry.innerText()).toContain('Mateus Oliveira Prado');
    expect((await ok('GET', `/teams/${successor.id}/students`, undefined, 200)).registrations).toEqual([]);

    await page.getByRole('button', { name: 'Confirmar' }).click();
    await see(page, `Rematrícula concluída: 2 alunos matriculados em ${year + 1}.`);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await goInApp(page, `/admin/turmas/${successor.id}/show`);
    await see(page, 'LÍVIA CARDOSO RAMOS');
  });
});
