import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { networkQuiet } from './support/quiet';
import { api, apiToken, expectUrl, rowWith, see } from './support/ui';

const PHONE = { width: 390, height: 844 };
const SCREEN = { width: 1366, height: 768 };

function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

/** A day in São Paulo, `days` from today, as the API takes it (yyyy-mm-dd). */
function dayFrom(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** Ticks "Eu não sou um robô" and waits for the proof of work to finish. */
async function solveHumanCheck(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget').first();
  await widget.getByText('Eu não sou um robô').click();
  await widget.getByText('Verificado').waitFor({ timeout: 30_000 });
}

/** The page as it stands, for a person to look at (/tmp), and what axe finds serious on it. */
async function looked(page: Page, name: string): Promise<string[]> {
  await networkQuiet(page);
  await page.screenshot({ path: `/tmp/screens-${name}.png`, fullPage: true });
  return axeProblems(page);
}

/**
 * The enrolment season's screens (issue 39), as the school lives them: a new family asks a place on the phone and
 * lands on the waiting list of a full team; the secretary finds the request in Pedidos de matrícula, frees a place
 * and accepts it (the student exists); a second family is declined with a reason. Then a re-enrolment campaign's
 * page, where the office invites the families. The school years are the test's own (far ahead), so no other file's
 * teams are in them, and its campaign for new families is the only one open.
 */
describe('admission and campaign screens', () => {
  // 2040–2059: rollover.test.ts takes 2060–2090 on the same server (each file creates its two years).
  const year = 2040 + randomInt(19);
  const next = year + 1;
  const full = `1º ANO B ${next}`;
  const free = `1º ANO A ${next}`;
  const first = { student: 'Heloísa Pinheiro Tavares', guardian: 'Rosângela Pinheiro Tavares' };
  const second = { student: 'Davi Lucas Monteiro Araújo', guardian: 'Cláudio Monteiro Araújo' };
  let browser: Browser;
  let office: Page;
  let token: string;
  const ids: Record<string, number> = {};

  async function ok(method: string, path: string, body?: unknown, status = 201) {
    const answer = await api(method, path, token, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }

  const team = async (name: string, yearId: number, y: number, capacity: number | null = null) =>
    Number(
      (
        await ok('POST', '/teams', {
          name,
          start_date: `${y}-02-03`,
          end_date: `${y}-12-12`,
          polo_id: 1,
          grid_id: 1,
          school_year_id: yearId,
          capacity,
        })
      ).data.id,
    );

  const enrol = async (name: string, teamId: number) => {
    const student = Number((await ok('POST', '/students', { name })).data.id);
    await ok('POST', '/teams/register-student', { student_id: student, team_id: teamId });
    return student;
  };

  /** A family fills the public form on the phone page for `teamName` and reads the school's answer. */
  async function apply(page: Page, family: typeof first, teamName: string) {
    await page.getByRole('combobox', { name: 'Turma' }).click();
    await page.getByRole('option', { name: new RegExp(`^${teamName}`) }).click();
    await page.getByLabel('Nome completo do aluno').fill(family.student);
    await page.getByLabel('Data de nascimento').fill('14/03/2019');
    await page.getByLabel('Nome completo do responsável').fill(family.guardian);
    await page.getByLabel('CPF do responsável').fill(randomCpf());
    await page.getByLabel('E-mail').fill(`familia.${randomInt(1e9)}@email.com.br`);
    await page.getByLabel('Telefone').fill('91987654321');
    await solveHumanCheck(page);
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    return page.getByRole('status').first();
  }

  /**
   * The office on a phone: one page for the file, signed in by the first test that wants it; the next loads its screen
   * in the same page (a new context and its first load of the app less; a phone's closed menu leaves no in-app move
   * whose end can be awaited, see goInApp).
   */
  let officePhone: Page | undefined;
  async function onPhone(path: string): Promise<Page> {
    if (!officePhone) {
      ({ page: officePhone } = await newPage(browser, PHONE));
      await putSession(officePhone);
    }
    await officePhone.goto(path);
    return officePhone;
  }

  /** Pedidos de matrícula from the side menu, the request of `student` opened. */
  async function openRequest(student: string) {
    // Inside the app already loaded, the first time loads it.
    await goInApp(office, '/admin/dashboard');
    const menu = office.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Pedidos de matrícula' }).click();
    await expectUrl(office, /\/admin\/pedidos-de-matricula$/);
    await rowWith(office, student.toUpperCase()).click();
    await see(office, student);
  }

  beforeAll(async () => {
    token = await apiToken();
    for (const [key, y] of [
      ['from', year],
      ['to', next],
    ] as const)
      ids[key] = Number(
        (await ok('POST', '/school-years', { year: y, start_date: `${y}-02-03`, end_date: `${y}-12-12` })).data.id,
      );
    ids.free = await team(free, ids.to, next);
    // One place, already taken: the form offers this team's waiting list.
    ids.full = await team(full, ids.to, next, 1);
    await enrol('Valentina Rocha Barbosa', ids.full);
    ids.current = await team(`INFANTIL V ${year}`, ids.from, year);
    for (const name of ['Bernardo Castro Farias', 'Manuela Siqueira Lopes']) await enrol(name, ids.current);
    const campaign = (kind: string, teams: { from_team_id: number | null; to_team_id: number }[]) =>
      ok('POST', '/enrolment-campaigns', {
        school_year_id: ids.to,
        kind,
        opens_on: dayFrom(-1),
        closes_on: dayFrom(20),
        terms: 'Declaro que as informações prestadas são verdadeiras.',
        documents: ['Certidão de nascimento', 'Comprovante de residência'],
        teams: teams.map((t) => ({ ...t, payment_plan_id: null, contract_template_id: null })),
      });
    ids.admission = Number(
      (
        await campaign('matricula', [
          { from_team_id: null, to_team_id: ids.free },
          { from_team_id: null, to_team_id: ids.full },
        ])
      ).data.id,
    );
    ids.rematricula = Number(
      (await campaign('rematricula', [{ from_team_id: ids.current, to_team_id: ids.free }])).data.id,
    );
    browser = await launch();
    ({ page: office } = await newPage(browser, SCREEN));
    await putSession(office);
  });
  afterAll(() => browser?.close());

  it('takes a new family on the phone from the home page to the waiting list of a full team', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('link', { name: `Matrícula ${next}` }).click();
    await page.getByRole('heading', { name: `Matrícula ${next}` }).waitFor();
    // The page's one title is its own, not the home's "Verifique a autenticidade de seu Documento".
    expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual([`Matrícula ${next}`]);
    // Each field's label whole on the phone: a field as wide as the form.
    expect((await page.getByLabel('Data de nascimento').boundingBox())!.width).toBeGreaterThan(300);
    await page.getByRole('combobox', { name: 'Turma' }).click();
    await page.getByRole('option', { name: `${full} — lista de espera` }).waitFor();
    await page.getByRole('option', { name: `${free} — vagas disponíveis` }).waitFor();
    await page.keyboard.press('Escape');
    expect(await looked(page, 'matricula-390')).toEqual([]);

    const answer = await apply(page, first, full);
    await answer.getByText('Você está na lista de espera, posição 1. Avisaremos por e-mail.').waitFor();
    expect(await looked(page, 'matricula-espera-390')).toEqual([]);
    await context.close();
  });

  it('shows the form and its answer at 1366 too (a second family, a free place)', async () => {
    const { context, page } = await newPage(browser, SCREEN);
    await page.goto('/matricula');
    await page.getByRole('heading', { name: `Matrícula ${next}` }).waitFor();
    await page.getByLabel('Nome completo do aluno').waitFor();
    expect(await looked(page, 'matricula-1366')).toEqual([]);
    const answer = await apply(page, second, free);
    await answer.getByText('Recebemos seu pedido. A secretaria vai analisá-lo e responderá por e-mail.').waitFor();
    expect(await looked(page, 'matricula-resposta-1366')).toEqual([]);
    await context.close();
  });

  it('lets the secretary accept the waiting request once a place is freed: the student exists', async () => {
    await openRequest(first.student);
    await see(office, 'Este pedido está na lista de espera');
    // The office raises the team's places (Turmas › Vagas), then accepts.
    await ok('PUT', `/teams/${ids.full}`, { capacity: 2 }, 200);
    await office.getByRole('button', { name: 'Aceitar' }).click();
    await see(office, 'Pedido aceito: a família continua no Portal das famílias');
    expect(await looked(office, 'pedido-aceito-1366')).toEqual([]);

    await office
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pedidos de matrícula' })
      .click();
    await expect.poll(() => rowWith(office, first.student.toUpperCase()).innerText()).toContain('Aceita');
    // The campaign by its name, not its number (in capitals, as the lists show references).
    expect(await rowWith(office, first.student.toUpperCase()).innerText()).toContain(`MATRÍCULA ${next}`);
    expect(await looked(office, 'pedidos-1366')).toEqual([]);
    await office.setViewportSize({ width: 390, height: 844 });
    expect(await looked(office, 'pedidos-390')).toEqual([]);
    await office.setViewportSize(SCREEN);
    const students = await ok('GET', `/students?search=${encodeURIComponent(first.student)}`, undefined, 200);
    expect(students.data.map((s: { name: string }) => s.name.toUpperCase())).toContain(first.student.toUpperCase());
  });

  it('declines the second family with a reason, and the list says so', async () => {
    await openRequest(second.student);
    await office.getByRole('button', { name: 'Recusar' }).click();
    const dialog = office.getByRole('dialog', { name: 'Recusar o pedido de matrícula' });
    await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
    await dialog
      .getByText(/motivo/i)
      .nth(1)
      .waitFor();
    await dialog.getByLabel('Motivo da recusa').fill('A turma pedida é para crianças nascidas até 31/03/2019.');
    await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
    await see(office, 'Pedido recusado: o motivo foi enviado por e-mail à família.');
    await office
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pedidos de matrícula' })
      .click();
    await expect.poll(() => rowWith(office, second.student.toUpperCase()).innerText()).toContain('Recusada');
  });

  it('shows the office list and a request at 390 with no serious axe violation', async () => {
    const page = await onPhone('/admin/pedidos-de-matricula');
    // A phone lists a card per request.
    const card = (name: string) =>
      page
        .getByRole('list', { name: 'Pedidos de matrícula' })
        .getByRole('listitem')
        .filter({ hasText: new RegExp(name, 'i') });
    await card(first.student).getByText('Aceita').waitFor();
    expect(await looked(page, 'pedidos-390')).toEqual([]);
    await card(second.student).getByRole('link').first().click();
    await see(page, 'Pedido recusado');
    expect(await looked(page, 'pedido-recusado-390')).toEqual([]);
  });

  it('opens a re-enrolment campaign from the menu and invites its families', async () => {
    await goInApp(office, '/admin/dashboard');
    await office
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Campanhas de matrícula' })
      .click();
    await rowWith(office, String(next)).filter({ hasText: 'Rematrícula' }).click();
    await expectUrl(office, new RegExp(`/admin/campanhas-matricula/${ids.rematricula}/show$`));
    await see(office, 'Painel da campanha');
    // The season's background pass may have invited them already (the campaign opened yesterday): both say so.
    await office.getByRole('button', { name: 'Convidar famílias' }).click();
    await see(office, /famílias convidadas|já estavam convidadas/);
    await rowWith(office, 'Bernardo Castro Farias').waitFor();
    await rowWith(office, 'Manuela Siqueira Lopes').waitFor();
    expect(await looked(office, 'campanha-1366')).toEqual([]);

    const page = await onPhone(`/admin/campanhas-matricula/${ids.admission}/show`);
    await see(page, 'Painel da campanha');
    await rowWith(page, first.student).waitFor();
    expect(await looked(page, 'campanha-matricula-390')).toEqual([]);
    await page.goto(`/admin/campanhas-matricula/${ids.rematricula}/show`);
    await rowWith(page, 'Manuela Siqueira Lopes').waitFor();
    expect(await looked(page, 'campanha-390')).toEqual([]);
  });
});
