import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { axeProblems } from './support/axe';
import { baseURL, goInApp, launch, newPage, putSession, signIn } from './support/browser';
import { api, apiToken, expectUrl, see, teamListOf } from './support/ui';

/**
 * Issue 35, each role its own screens. The direction at a desk (1366×768): Configurações and the grade sheet
 * read-only, the low-attendance card opening a list, a button per row on the students list, a toast that closes
 * by itself. The teacher on a phone (390×844): lands on Minhas aulas, a menu without the master data, the students
 * as cards with their names whole. No photo is asked for a student without one. Screenshots in
 * test-results/persona-direction/.
 */

const SHOTS = path.resolve(__dirname, '../../test-results/persona-direction');
const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
// A real 1×1 PNG: one student of the class has a photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid CPF no other test holds. */
function randomCpf(): string {
  const base = String(Math.floor(100_000_000 + Math.random() * 800_000_000));
  return base + cpfCheckDigits(base);
}

/** Today in São Paulo, yyyy-mm-dd (a lesson of today counts every enrolment made before it). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

const upper = (s: string) => s.toLocaleUpperCase('pt-BR');

describe('each role its own screens', () => {
  const tag = randomUUID().slice(0, 6);
  const teamName = `Turma da Direção ${tag}`;
  const longName = `Lucas Henrique Albuquerque Bezerra de Menezes ${tag}`;
  const withPhoto = `Lívia Retratada ${tag}`;
  const direction = { email: `denise.${tag}@escolamodelo.edu.br`, password: 'senha-da-denise-1' };
  const teacher = { email: `tiago.${tag}@escolamodelo.edu.br`, password: 'senha-do-tiago-1' };
  let browser: Browser;
  let page: Page;
  let teamId: number;
  /** Every photo the screens asked for and the server did not have (a 404 in the console). */
  const missingPhotos: string[] = [];
  const watchPhotos = (p: Page) =>
    p.on('response', (r) => {
      if (r.url().includes('/get-image') && r.status() === 404) missingPhotos.push(r.url());
    });

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const token = await apiToken();
    const team = await api('POST', '/teams', token, {
      name: teamName,
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    teamId = team.body.data.id;
    const registrations: number[] = [];
    for (const name of [longName, `Ana Beatriz Costa ${tag}`]) {
      const student = await api('POST', '/students', token, { name, cpf: randomCpf() });
      expect(student.status, JSON.stringify(student.body)).toBe(201);
      const enrolment = await api('POST', '/registrations', token, {
        student_id: student.body.data.id,
        team_id: teamId,
      });
      expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(201);
      registrations.push(enrolment.body.data.id);
    }
    // A student with a photo, registered as the form sends it (multipart).
    const form = new FormData();
    form.append('name', withPhoto);
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const photographed = await fetch(`${baseURL()}/api/students`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(photographed.status).toBe(201);
    const photoId = ((await photographed.json()) as { data: { id: number } }).data.id;
    expect((await api('POST', '/registrations', token, { student_id: photoId, team_id: teamId })).status).toBe(201);

    for (const [user, role_id, name] of [
      [direction, 2, `Denise Direção ${tag}`],
      [teacher, 5, `Tiago Professor ${tag}`],
    ] as const) {
      const created = await api('POST', '/users', token, { name, ...user, role_id });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      if (role_id === 5) {
        const disciplines = (await api('GET', `/teams/${teamId}/disciplines`, token)).body as { id: number }[];
        const assigned = await api('POST', `/teams/${teamId}/teachers`, token, {
          user_id: created.body.data.id,
          discipline_id: disciplines[0].id,
        });
        expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
      }
    }
    // Today's lesson, the long-named student absent from both periods: under the minimum.
    const disciplines = (await api('GET', `/teams/${teamId}/disciplines`, token)).body as { id: number }[];
    const grid = (await api('GET', `/grids/${teamId}/get-full-grid?discipline_id=${disciplines[0].id}`, token))
      .body as { list: Record<string, { stage_id?: number }[]> };
    const stage = Object.values(grid.list)[0].find((s) => s.stage_id !== undefined)!.stage_id;
    const lesson = await api('POST', '/lessons', token, {
      team_id: teamId,
      discipline_id: disciplines[0].id,
      stage_id: stage,
      date: today(),
      periods: 2,
      content: 'Leitura e interpretação',
    });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    const roll = await api('PUT', `/lessons/${lesson.body.data.id}/attendance`, token, {
      attendance: [{ registration_id: registrations[0], absences: 2 }],
    });
    expect(roll.status, JSON.stringify(roll.body)).toBe(200);

    browser = await launch();
    ({ page } = await newPage(browser, DESK));
    watchPhotos(page);
    await putSession(page, direction.email, direction.password);
  });
  afterAll(() => browser?.close());

  describe('the direction at a desk', () => {
    it('sees Configurações da escola read-only: the values, no SALVAR', async () => {
      await page.goto('/admin/configuracoes');
      await see(page, 'Somente consulta: o seu perfil vê as configurações da escola, mas não as altera.');
      expect(await page.getByLabel(/^Nome da escola/).inputValue()).not.toBe('');
      expect(await page.getByLabel(/^Nome da escola/).isEditable()).toBe(false);
      expect(await page.getByLabel('Frequência mínima para aprovação (%)').isEditable()).toBe(false);
      expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Voltar' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, 'configuracoes-direcao-1366.png'), fullPage: true });
    });

    it('opens the grade sheet read-only from Turmas ("Ver notas")', async () => {
      await goInApp(page, teamListOf(2026));
      const row = page.locator('tbody tr', { hasText: upper(teamName) });
      await row.getByRole('link', { name: 'Ver notas' }).click();
      await expectUrl(page, new RegExp(`/admin/turmas/${teamId}/disciplinas$`));
      await page.getByRole('navigation', { name: 'Disciplinas da turma' }).getByRole('link').first().click();
      const sheet = page.getByRole('table', { name: 'Notas da disciplina' });
      await sheet.getByText(upper(longName)).waitFor();
      await see(page, 'Somente consulta: o seu perfil vê as notas, mas não as lança.');
      expect(await sheet.getByRole('textbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'SALVAR NOTAS' }).count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, 'notas-direcao-1366.png'), fullPage: true });
    });

    it('opens the low-attendance card as a list on screen', async () => {
      await goInApp(page, '/admin/dashboard');
      await page.getByTestId('cartao-baixa-frequencia').click();
      await expectUrl(page, /\/admin\/baixa-frequencia$/);
      const list = page.getByRole('table', { name: 'Alunos com baixa frequência' });
      const row = list.locator('tbody tr', { hasText: upper(longName) });
      await row.waitFor();
      expect(await row.innerText()).toContain('0,0%');
      expect(await row.innerText()).toContain(upper(teamName));
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, 'baixa-frequencia-1366.png'), fullPage: true });
    });

    it('gets a toast that closes by itself after five seconds, an error too', async () => {
      // The spreadsheet, a click away; the server fails once (simulated), as it may on a bad day.
      await page.getByRole('link', { name: 'Baixar planilha' }).click();
      await expectUrl(page, /\/admin\/reports\/alunos-com-baixa-frequencia$/);
      await page.route('**/api/exports/low-attendance**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Falha ao gerar a planilha."}',
        }),
      );
      await page.getByRole('button', { name: 'Gerar' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Falha ao gerar a planilha.' });
      await toast.waitFor();
      expect(await toast.innerText()).toContain('Erro');
      expect(await toast.locator('.MuiLinearProgress-root').count()).toBe(1);
      // Nobody closes it: it goes by itself (5 s, a little more for a loaded machine).
      await toast.waitFor({ state: 'detached', timeout: 9_000 });
      await page.unroute('**/api/exports/low-attendance**');
    });

    it('has a button per row on the students list, no menu to open', async () => {
      await goInApp(page, '/admin/alunos');
      const rows = page.locator('tbody tr.RaDataTable-row');
      await rows.first().waitFor();
      const count = await rows.count();
      expect(count).toBeGreaterThan(1);
      expect(await page.locator('tbody').getByRole('link', { name: 'Exibir' }).count()).toBe(count);
      expect(await page.locator('tbody [aria-haspopup="menu"]').count()).toBe(0);
      expect(await axeProblems(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, 'alunos-direcao-1366.png') });
    });
  });

  describe('the teacher on a phone', () => {
    let phone: Page;
    beforeAll(async () => {
      ({ page: phone } = await newPage(browser, PHONE));
      watchPhotos(phone);
      await signIn(phone, teacher.email, teacher.password);
    });

    it('lands on Minhas aulas, with a menu of teaching and no master data', async () => {
      await expectUrl(phone, /\/admin\/minhas-aulas$/);
      await phone.getByRole('heading', { name: 'Minhas aulas', level: 1 }).waitFor();
      await phone.getByRole('button', { name: /menu/i }).first().click();
      const menu = phone.getByRole('navigation', { name: 'Menu principal' });
      await menu.getByRole('link', { name: 'Minhas aulas' }).waitFor();
      const entries = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim());
      expect(entries).toEqual(expect.arrayContaining(['Alunos', 'Turmas', 'Minhas aulas']));
      for (const hidden of ['Gestão', 'Ensinos', 'Cursos', 'Disciplinas', 'Etapas', 'Polos', 'Grades'])
        expect(entries).not.toContain(hidden);
      expect(await axeProblems(phone)).toEqual([]);
      await phone.screenshot({ path: path.join(SHOTS, 'menu-professor-390.png') });
      await phone.keyboard.press('Escape');
    });

    it('sees the students of the class as cards with their names whole', async () => {
      await phone.goto('/admin/alunos');
      const cards = phone.getByRole('list', { name: 'Alunos' }).getByRole('listitem');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(3);
      expect(await phone.locator('table').count()).toBe(0);
      const lucas = phone.getByRole('link', { name: upper(longName), exact: true });
      expect(await lucas.isVisible()).toBe(true);
      // The whole name inside the phone's width, on as many lines as it needs.
      const box = await lucas.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // The photo of the student who has one, fetched with the session.
      const photo = cards.filter({ hasText: upper(withPhoto) }).locator('img');
      await expect.poll(() => photo.getAttribute('src')).toMatch(/^blob:/);
      expect(await axeProblems(phone)).toEqual([]);
      await phone.screenshot({ path: path.join(SHOTS, 'alunos-professor-390.png'), fullPage: true });
    });
  });

  it('asked for no photo a student does not have', () => {
    expect(missingPhotos).toEqual([]);
  });
});
