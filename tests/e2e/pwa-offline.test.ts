import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { baseURL, launch, newPage, signIn } from './support/browser';
import { axeProblems } from './support/axe';
import { api, apiToken, see } from './support/ui';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const SHOTS = path.resolve(__dirname, '../../test-results/pwa-offline');

/** Resolves once this page is controlled by the installed service worker (its precache complete). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') ?? false);

/** The manifest the page links, as the browser reads it. */
async function linkedManifest(page: Page) {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await fetch(new URL(href!, baseURL()));
  expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  return { href, manifest: await response.json() };
}

describe('the installed teacher app: Minhas aulas opened without network, the roll call sent when it returns', () => {
  const tag = randomUUID().slice(0, 6);
  const year = schoolDayOf().slice(0, 4);
  const teamName = `Turma Sem Sinal ${tag}`;
  const names = [`Helena Souza Offline ${tag}`, `Igor Ramos Offline ${tag}`, `Júlia Melo Offline ${tag}`];
  const upper = (n: string) => n.toLocaleUpperCase('pt-BR');
  const email = `rosa.${tag}@escolamodelo.edu.br`;
  const password = 'senha-da-rosa-1';
  const content = `Ciclo da água ${tag}`;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let lessonId: number;

  const absentOnServer = async () => {
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
    const teamId = team.body.data.id as number;
    for (const name of names) {
      const created = await api('POST', '/students', token, { name });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const enrolled = await api('POST', '/registrations', token, {
        student_id: created.body.data.id,
        team_id: teamId,
      });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    }
    const user = await api('POST', '/users', token, {
      name: `Rosa Professora ${tag}`,
      email,
      password,
      role_id: 5, // the built-in Professor (migration 0020_roles)
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const disciplines = (await api('GET', `/teams/${teamId}/disciplines`, token)).body as {
      id: number;
      discipline: string;
    }[];
    const science = disciplines.find((d) => d.discipline === 'Ciências') ?? disciplines[0];
    const assigned = await api('POST', `/teams/${teamId}/teachers`, token, {
      user_id: user.body.data.id,
      discipline_id: science.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    // Today's lesson, recorded by the office beforehand: the teacher only takes its roll call.
    const grid = (await api('GET', `/grids/${teamId}/get-full-grid`, token)).body as {
      list: Record<string, { stage_id?: number; discipline_id?: number }[]>;
    };
    const stage = Object.values(grid.list)
      .flat()
      .find((slot) => slot.discipline_id === science.id && slot.stage_id !== undefined)!;
    const lesson = await api('POST', '/lessons', token, {
      team_id: teamId,
      discipline_id: science.id,
      stage_id: stage.stage_id,
      date: schoolDayOf(),
      periods: 1,
      content,
    });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    lessonId = lesson.body.data.id;

    browser = await launch();
    ({ context, page } = await newPage(browser, PHONE, { serviceWorker: true }));
    await signIn(page, email, password);
  });
  afterAll(() => browser?.close());

  it('is installable: its manifest is linked, in pt-BR, and the service worker controls the page', async () => {
    await see(page, content);
    const { href, manifest } = await linkedManifest(page);
    expect(href).toBe('/admin.webmanifest');
    expect(manifest).toMatchObject({
      name: 'Secretaria',
      lang: 'pt-BR',
      start_url: '/admin/minhas-aulas',
      scope: '/admin/',
      display: 'standalone',
      theme_color: '#C4C4C4',
    });
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons as { src: string }[]) {
      const png = await fetch(new URL(icon.src, baseURL()));
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
    }
    await controlled(page);
    // Today's roll call has been kept on the phone while there was network (its students' names).
    await page.waitForFunction(
      (id) => Object.keys(localStorage).some((k) => k.includes('chamadas-das-aulas') && localStorage[k].includes(id)),
      `"${lessonId}"`,
    );
  });

  it("opens without network on today's lesson as last loaded and keeps its roll call on the phone", async () => {
    await context.setOffline(true);
    await page.reload();
    await see(page, 'Minhas aulas');
    await see(page, content);
    await see(page, 'Sem conexão', { exact: false });
    await page.screenshot({ path: path.join(SHOTS, 'minhas-aulas-sem-conexao-390.png') });
    expect(await axeProblems(page)).toEqual([]);

    await page.getByText(content).click();
    await page.getByRole('button', { name: new RegExp(`^${upper(names[1])}`) }).click();
    await see(page, '1 falta · 2 presentes');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await see(page, /Não enviado/);
    await see(page, '1 aula não enviada', { exact: false });
    await page.screenshot({ path: path.join(SHOTS, 'chamada-sem-conexao-390.png') });
    expect(await absentOnServer()).toEqual([]);
  });

  it('sends the roll call by itself when the network returns', async () => {
    await context.setOffline(false);
    await expect.poll(absentOnServer, { timeout: 20_000 }).toEqual([names[1]]);
    await see(page, 'Chamada salva', { exact: true });
  });

  it('the same app on a desktop, and the family portal: its own manifest, the same service worker', async () => {
    const desktop = await newPage(browser, DESKTOP, { serviceWorker: true });
    await signIn(desktop.page, email, password);
    await see(desktop.page, content);
    expect(await axeProblems(desktop.page)).toEqual([]);
    await desktop.page.screenshot({ path: path.join(SHOTS, 'minhas-aulas-1366.png') });

    const family = await newPage(browser, PHONE, { serviceWorker: true });
    await family.page.goto('/portal');
    await see(family.page, 'Entrar', { exact: false });
    const { href, manifest } = await linkedManifest(family.page);
    expect(href).toBe('/portal.webmanifest');
    expect(manifest).toMatchObject({ lang: 'pt-BR', start_url: '/portal', scope: '/portal' });
    await controlled(family.page);
    await family.page.screenshot({ path: path.join(SHOTS, 'portal-390.png') });
  });
});
