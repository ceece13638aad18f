import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { baseURL, launch, newPage, openSignedIn, putSession } from './support/browser';
import { axeProblems } from './support/axe';
import { api, apiToken, expectUrl, see } from './support/ui';

/** The teacher's phone in the classroom, and the office's desktop. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const SHOTS = path.resolve(__dirname, '../../test-results/roll-call');

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A student registered with a photo, as the registration form sends it (multipart). */
async function withPhoto(token: string, name: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
  const response = await fetch(`${baseURL()}/api/students`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the roll call on a phone, with the network dropping in the middle', () => {
  const tag = randomUUID().slice(0, 6);
  const year = schoolDayOf().slice(0, 4);
  const teamName = `Turma da Chamada ${tag}`;
  const names = [
    `Ana Beatriz Chamada ${tag}`,
    `Bruno Araújo Chamada ${tag}`,
    `Carla Dias Chamada ${tag}`,
    `Davi Lima Chamada ${tag}`,
  ];
  const upper = (n: string) => n.toLocaleUpperCase('pt-BR');
  const email = `marta.${tag}@escolamodelo.edu.br`;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let teamId: number;
  let lessonId: number;

  const student = (name: string) => page.getByRole('button', { name: new RegExp(`^${upper(name)}`) });
  const absencesOnServer = async () => {
    const { status, body } = await api('GET', `/lessons/${lessonId}/attendance`, token);
    expect(status).toBe(200);
    return (body.attendance as { student: { name: string }; absences: number }[])
      .filter((a) => a.absences > 0)
      .map((a) => a.student.name);
  };

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    token = await apiToken();
    const team = await api('POST', '/teams', token, {
      name: teamName,
      start_date: `${year}-01-02`,
      end_date: `${year}-12-30`,
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    teamId = team.body.data.id;
    for (const name of names) {
      // Davi has a photo on his record; the others show their initials.
      const created =
        name === names[3] ? await withPhoto(token, name) : await api('POST', '/students', token, { name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const enrolled = await api('POST', '/registrations', token, {
        student_id: created.body.data.id,
        team_id: teamId,
      });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    }
    const user = await api('POST', '/users', token, {
      name: `Marta Professora ${tag}`,
      email,
      password: 'senha-da-marta-1',
      role_id: 5, // the built-in Professor (migration 0020_roles)
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const disciplines = (await api('GET', `/teams/${teamId}/disciplines`, token)).body as {
      id: number;
      discipline: string;
    }[];
    const math = disciplines.find((d) => d.discipline === 'Matemática')!;
    const assigned = await api('POST', `/teams/${teamId}/teachers`, token, {
      user_id: user.body.data.id,
      discipline_id: math.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    browser = await launch();
    ({ context, page } = await newPage(browser, PHONE));
    await openSignedIn(page, undefined, email, 'senha-da-marta-1');
  });
  afterAll(() => browser?.close());

  it('reaches "Minhas aulas" from the menu and creates today\'s lesson with the class already chosen', async () => {
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'Minhas aulas' }).click();
    await expectUrl(page, /\/admin\/minhas-aulas$/);
    await see(page, 'Nenhuma aula registrada ainda', { exact: false });
    await page.screenshot({ path: path.join(SHOTS, 'menu-390.png') });
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Nova aula' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova aula' });
    // Her one class and discipline are chosen; the date is today in São Paulo.
    await dialog.getByText(upper(teamName)).waitFor();
    await dialog.getByText('MATEMÁTICA', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Data').inputValue()).toBe(schoolDayOf());
    await dialog.getByRole('button', { name: '2', exact: true }).click();
    await dialog.getByLabel('Conteúdo ministrado').fill('Frações equivalentes e simplificação');
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'nova-aula-390.png') });
    await dialog.getByRole('button', { name: 'Criar e fazer a chamada' }).click();
    await expectUrl(page, /\/admin\/minhas-aulas\/\d+$/);
    lessonId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await see(page, `MATEMÁTICA · ${upper(teamName)}`);
  });

  it('marks two absences and saves them', async () => {
    await student(names[0]).click();
    await student(names[1]).click();
    // Bruno missed only the second period.
    await page.getByRole('button', { name: `Uma falta a menos para ${upper(names[1])}` }).click();
    await see(page, '2 faltas · 2 presentes');
    // The photo of the student's record, fetched with the session.
    await expect.poll(() => student(names[3]).locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await student(names[0]).locator('img').count()).toBe(0);
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'chamada-390.png') });
    expect(await axeProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Chamada salva com sucesso!');
    expect(await absencesOnServer()).toEqual([names[0], names[1]]);
  });

  it('keeps a third absence saved without network, shows it unsent, and sends it when the network returns', async () => {
    await context.setOffline(true);
    await student(names[2]).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, /Não enviado/);
    await see(page, '1 aula não enviada', { exact: false });
    await page.screenshot({ path: path.join(SHOTS, 'nao-enviado-390.png') });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.screenshot({ path: path.join(SHOTS, 'nao-enviado-fim-390.png') });
    expect(await absencesOnServer()).toEqual([names[0], names[1]]);

    await context.setOffline(false);
    await expect.poll(absencesOnServer, { timeout: 15_000 }).toEqual([names[0], names[1], names[2]]);
    await see(page, 'Chamada salva', { exact: true });
    // Opened again, the diary shows the three absences.
    await page.reload();
    await see(page, '3 faltas · 1 presente');
    expect(await student(names[1]).innerText()).toContain('1 falta');
    expect(await student(names[2]).innerText()).toContain('2 faltas');
    expect(await student(names[3]).innerText()).toContain('Presente');
  });

  it("lists the lesson as today's, on a phone and on a desktop", async () => {
    await page.getByRole('link', { name: 'Minhas aulas' }).first().click();
    await see(page, 'Frações equivalentes e simplificação');
    expect(await page.getByText('Não enviado').count()).toBe(0);
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'minhas-aulas-390.png') });

    // The same teacher at a desktop: another browser, signed in there.
    const desktop = (await newPage(browser, DESKTOP)).page;
    await putSession(desktop, email, 'senha-da-marta-1');
    await desktop.goto('/admin/minhas-aulas');
    await see(desktop, 'Frações equivalentes e simplificação');
    expect(await axeProblems(desktop)).toEqual([]);
    await desktop.screenshot({ path: path.join(SHOTS, 'minhas-aulas-1366.png') });
    await desktop.getByText('Frações equivalentes e simplificação').click();
    await see(desktop, '3 faltas · 1 presente');
    expect(await sideways(desktop)).toBe(0);
    expect(await axeProblems(desktop)).toEqual([]);
    await desktop.screenshot({ path: path.join(SHOTS, 'chamada-1366.png') });
  });
});
