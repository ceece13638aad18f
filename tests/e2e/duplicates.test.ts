import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './support/axe';
import { launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

/**
 * Merging duplicates (issue 37). A student typed twice — once by the office, once by an import that wrote the name in
 * capitals without accents — shows up under Alunos › Possíveis duplicados. The secretary compares both records side
 * by side, keeps the one with the enrolment, and the other's enrolment moves to it; on a phone the same screen fits.
 */
describe('the secretary merges a student typed twice', () => {
  const tag = randomUUID().slice(0, 6);
  const name = `Heloísa Martins Costa ${tag}`;
  let browser: Browser;
  let desk: Page;
  let phone: Page;
  let token: string;
  const ids = { older: 0, newer: 0 };

  beforeAll(async () => {
    token = await apiToken();
    const older = await api('POST', '/students', token, {
      name,
      birth_date: '2011-04-09',
      name_mother: 'Rosângela Martins',
    });
    expect(older.status, JSON.stringify(older.body)).toBe(201);
    const newer = await api('POST', '/students', token, {
      name: `HELOISA MARTINS  COSTA ${tag.toUpperCase()}`,
      birth_date: '2011-04-09',
    });
    expect(newer.status, JSON.stringify(newer.body)).toBe(201);
    [ids.older, ids.newer] = [older.body.data.id, newer.body.data.id];
    const enrolled = await api('POST', '/registrations', token, { student_id: ids.newer, team_id: 1 });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    // A mother typed twice, with her phone both times: the guardians' tab of the same screen.
    for (const guardian of [`Rosângela Martins ${tag}`, `ROSANGELA MARTINS ${tag.toUpperCase()}`]) {
      const created = await api('POST', '/guardians', token, { name: guardian, phone: '91987651234' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    browser = await launch();
    ({ page: desk } = await newPage(browser, { width: 1366, height: 768 }));
    ({ page: phone } = await newPage(browser, { width: 390, height: 844 }));
    await putSession(desk);
    await putSession(phone);
  });
  afterAll(() => browser?.close());

  it('finds the pair from the students list and sees why it is there', async () => {
    await desk.goto('/admin/alunos');
    await desk.getByRole('link', { name: 'Possíveis duplicados' }).click();
    await desk.waitForURL('**/admin/alunos/duplicados');
    await desk.getByRole('heading', { level: 1, name: 'Possíveis duplicados' }).waitFor();
    const pair = desk.getByRole('listitem').filter({ hasText: name.toUpperCase() });
    await pair.getByText('Mesmo nome e data de nascimento').waitFor();
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/duplicados-1366.png' });
  });

  it('compares both side by side, keeps the one with the enrolment, and the list no longer has the pair', async () => {
    const pair = desk.getByRole('listitem').filter({ hasText: name.toUpperCase() });
    await pair.getByRole('button', { name: /^Unir / }).click();
    const dialog = desk.getByRole('dialog', { name: 'Unir registros duplicados' });
    const newer = dialog.getByRole('region', { name: `Registro nº ${ids.newer}` });
    await newer.getByText('1 matrícula').waitFor();
    await dialog
      .getByRole('region', { name: `Registro nº ${ids.older}` })
      .getByText('ROSÂNGELA MARTINS')
      .waitFor();
    await newer.getByRole('radio').check();
    await newer.getByText(`Nº ${ids.newer} · fica`).waitFor();
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/duplicados-unir-1366.png' });
    await dialog.getByRole('button', { name: 'Unir' }).click();
    await see(desk, 'Alunos unidos com sucesso!');
    await dialog.waitFor({ state: 'detached' });
    expect(await desk.getByRole('listitem').filter({ hasText: name.toUpperCase() }).count()).toBe(0);
    expect((await api('GET', `/students/${ids.older}`, token)).status).toBe(404);
    expect((await api('GET', `/students/${ids.newer}`, token)).status).toBe(200);
  });

  it('on a phone, the guardians’ pairs and the dialog fit the screen', async () => {
    await phone.goto('/admin/responsaveis/duplicados');
    await phone.getByRole('tab', { name: 'Responsáveis', selected: true }).waitFor();
    const pair = phone.getByRole('listitem').filter({ hasText: `ROSÂNGELA MARTINS ${tag.toUpperCase()}` });
    await pair.getByText('Mesmo nome e telefone').waitFor();
    const width = () => phone.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    expect(await axeProblems(phone)).toEqual([]);
    await phone.screenshot({ path: '/tmp/duplicados-390.png' });
    await pair.getByRole('button', { name: /^Unir / }).click();
    const dialog = phone.getByRole('dialog', { name: 'Unir registros duplicados' });
    await dialog.getByText('(91) 98765-1234').first().waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    expect(await axeProblems(phone)).toEqual([]);
    await phone.screenshot({ path: '/tmp/duplicados-unir-390.png' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await phone.getByRole('tab', { name: 'Alunos' }).click();
    await phone.waitForURL('**/admin/alunos/duplicados');
  });
});
