import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, putSession } from './support/browser';
import { api, apiToken, expectUrl, see, teamListOf } from './support/ui';

/** A phone: the teacher enters grades in the classroom. */
const PHONE = { width: 390, height: 844 };

/** A valid CPF no other test holds. */
function randomCpf(): string {
  const base = String(Math.floor(100_000_000 + Math.random() * 800_000_000));
  const digit = (digits: string, from: number) => {
    const rest = ([...digits].reduce((acc, d, i) => acc + Number(d) * (from - i), 0) * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base, 10);
  return `${base}${d1}${digit(base + d1, 11)}`;
}

describe('a teacher in their own class, on a phone', () => {
  const tag = randomUUID().slice(0, 6);
  const teamName = `Turma da Professora ${tag}`;
  const studentName = `Caio Aluno ${tag}`;
  const cpf = randomCpf();
  const email = `lucia.${tag}@escolamodelo.edu.br`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let teamId: number;
  let studentId: number;

  beforeAll(async () => {
    token = await apiToken();
    const team = await api('POST', '/teams', token, {
      name: teamName,
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 1,
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    teamId = team.body.data.id;
    const student = await api('POST', '/students', token, { name: studentName, cpf, rg: '12.345.678-9' });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    studentId = student.body.data.id;
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: teamId })).status).toBe(201);
    const user = await api('POST', '/users', token, {
      name: `Lúcia Professora ${tag}`,
      email,
      password: 'senha-da-lucia-1',
      role_id: 5, // the built-in Professor (migration 0020_roles)
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const disciplines = (await api('GET', `/teams/${teamId}/disciplines`, token)).body as {
      id: number;
      discipline: string;
    }[];
    const math = disciplines.find((d) => d.discipline === 'Matemática')!;
    expect(disciplines.length).toBeGreaterThan(1);
    const assigned = await api('POST', `/teams/${teamId}/teachers`, token, {
      user_id: user.body.data.id,
      discipline_id: math.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    // The school has other classes the teacher must not see.
    expect((await api('GET', '/teams', token)).body.total).toBeGreaterThan(1);
    browser = await launch();
    ({ page } = await newPage(browser, PHONE));
    await putSession(page, email, 'senha-da-lucia-1');
  });
  afterAll(() => browser?.close());

  it('sees only their class in Turmas', async () => {
    await page.goto(teamListOf(2026));
    await see(page, teamName.toLocaleUpperCase('pt-BR'));
    // On the phone, a card per class.
    expect(await page.getByRole('list', { name: 'Turmas' }).getByRole('listitem').count()).toBe(1);
    // Nothing to register or change: a teacher's role only reads the teams.
    expect(await page.getByRole('link', { name: 'Adicionar um novo' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/teacher-turmas.png', fullPage: true });
  });

  it('opens it and enters a grade for their discipline, the only one offered', async () => {
    await page
      .getByRole('listitem')
      .filter({ hasText: teamName.toLocaleUpperCase('pt-BR') })
      .getByRole('link', { name: 'Lançar notas' })
      .click();
    await expectUrl(page, new RegExp(`/admin/turmas/${teamId}/disciplinas$`));
    const offered = page.getByRole('navigation', { name: 'Disciplinas da turma' }).getByRole('link');
    await offered.first().waitFor();
    expect((await offered.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual(['MATEMÁTICA']);
    await offered.first().click();
    await see(page, 'Lançando notas de MATEMÁTICA');
    const cell = page.getByRole('textbox', { name: `Nota de ${studentName.toLocaleUpperCase('pt-BR')}, 1ª etapa` });
    await cell.click();
    await page.keyboard.type('8,5');
    await page.keyboard.press('Tab');
    await page.screenshot({ path: '/tmp/teacher-notas.png', fullPage: true });
    await page.getByRole('button', { name: 'SALVAR NOTAS' }).click();
    await page.getByText('Notas salvas com sucesso!').first().waitFor();
    const stored = (await api('GET', `/teams/${teamId}/grades`, token)).body as { student_id: number; grade: string }[];
    expect(stored).toEqual([expect.objectContaining({ student_id: studentId, grade: '8.5' })]);
  });

  it("does not see the student's CPF, in the list nor on the student's screen", async () => {
    await page.goto('/admin/alunos');
    await see(page, studentName.toLocaleUpperCase('pt-BR'));
    expect(await page.getByRole('list', { name: 'Alunos' }).innerText()).not.toContain('CPF');
    await page.screenshot({ path: '/tmp/teacher-alunos.png', fullPage: true });
    await page.getByRole('link', { name: studentName.toLocaleUpperCase('pt-BR') }).click();
    await expectUrl(page, new RegExp(`/admin/alunos/${studentId}/show$`));
    await see(page, studentName);
    const text = await page.locator('main').innerText();
    for (const shown of [cpf, cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'), 'CPF', '12.345.678-9'])
      expect(text).not.toContain(shown);
    await page.screenshot({ path: '/tmp/teacher-aluno.png', fullPage: true });
  });
});
