import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeQuotedPrintable } from '../api/support/mail';
import { E2E_ADMIN, goInApp, launch, newPage, openSignedIn, signIn } from './support/browser';
import { axeProblems } from './support/axe';
import { api, apiToken, expectUrl, see } from './support/ui';
import { networkQuiet } from './support/quiet';

const CODE = 'CERT_E2E_4K9Q2M7X';

function mails(): string[] {
  const dir = inject('mailDir');
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** A student with an issued certificate, straight in the e2e database (documents are issued by a later screen). */
function issueCertificate(): void {
  const db = new Database(path.join(inject('dataDir'), 'secretaria.db'));
  const now = new Date().toISOString();
  const student = db
    .prepare(
      "insert into students (name, cpf, created_at, updated_at) values ('Beatriz Souza Lima', '52998224725', ?, ?)",
    )
    .run(now, now).lastInsertRowid;
  db.prepare('insert into registrations (student_id, team_id, created_at, updated_at) values (?, 1, ?, ?)').run(
    student,
    now,
    now,
  );
  db.prepare(
    "insert into documents (student_id, type, code, folder, file_name, created_at, updated_at) values (?, 'CERTIFICATE', ?, 'certificate', 'c.pdf', ?, ?)",
  ).run(student, CODE, now, now);
  db.close();
}

/** Ticks "Eu não sou um robô" and waits for the proof of work to finish. */
async function solveHumanCheck(page: Page, index: number): Promise<void> {
  const widget = page.locator('altcha-widget').nth(index);
  await widget.getByText('Eu não sou um robô').click();
  await widget.getByText('Verificado').waitFor({ timeout: 30_000 });
}

describe('public site', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    issueCertificate();
    browser = await launch();
    ({ page } = await newPage(browser));
  });
  afterAll(() => browser?.close());

  it('verifies a document: button disabled until the challenge, empty code, not found, valid', async () => {
    await page.goto('/');
    await see(page, 'Verifique a autenticidade de seu Documento');
    const search = page.getByRole('button', { name: 'Pesquisar' });
    expect(await search.isDisabled()).toBe(true);
    await solveHumanCheck(page, 0);
    await expect.poll(() => search.isDisabled()).toBe(false);

    await search.click();
    await see(page, 'Preencha corretamente o campo');

    await page.getByLabel('Digite o código completo').fill('CODIGO-QUE-NAO-EXISTE');
    await search.click();
    await see(page, 'Não foi encontrado nenhum documento válido com este código.');
    // A solution is good for one request: the button waits for a new one.
    await expect.poll(() => search.isDisabled()).toBe(true);

    await solveHumanCheck(page, 0);
    await page.getByLabel('Digite o código completo').fill(CODE);
    await search.click();
    const alert = page.getByRole('status');
    await alert.getByText('Beatriz Souza Lima').waitFor();
    expect(await alert.innerText()).toContain(CODE);
    expect(await alert.innerText()).not.toContain('52998224725');
    await alert.getByRole('button', { name: /close|fechar/i }).click();
    await expect.poll(() => page.getByText('Beatriz Souza Lima').count()).toBe(0);
  });

  it('sends a contact message that reaches the school by e-mail, and warns about empty fields', async () => {
    await page.goto('/');
    const send = page.getByRole('button', { name: 'Enviar' });
    expect(await send.isDisabled()).toBe(true);
    await solveHumanCheck(page, 1);
    await page.getByLabel('Nome').fill('Carla Menezes');
    await send.click();
    await see(page, 'Por favor, preencha todos os campos do formulário de contato.');

    await page.getByLabel('E-mail').fill('carla@familia.com.br');
    await page.getByLabel('WhatsApp').fill('91987654321');
    expect(await page.getByLabel('WhatsApp').inputValue()).toBe('(91) 98765-4321');
    await page.getByRole('textbox', { name: 'Dúvida' }).fill('Vocês oferecem o curso técnico em Enfermagem à noite?');
    const before = mails().length;
    await send.click();
    await see(page, 'Mensagem enviada com sucesso! Em breve entraremos em contato.');
    expect(await page.getByLabel('Nome').inputValue()).toBe('');
    await expect.poll(() => mails().length).toBe(before + 1);
    const mail = mails().at(-1)!;
    expect(mail).toContain('To: secretaria@demo.invalid');
    expect(mail).toContain('Vocês oferecem o curso técnico em Enfermagem à noite?');
  });

  it('draws the home and /verificar without the router, which the first link followed loads (back returns home)', async () => {
    const { context, page: visitor } = await newPage(browser, { width: 1366, height: 768 });
    const scripts: string[] = [];
    visitor.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await visitor.goto(`/verificar/${CODE}`);
    await see(visitor, 'Confirme que você não é um robô para ver os dados do documento.');
    await networkQuiet(visitor);
    expect(await axeProblems(visitor)).toEqual([]);
    await visitor.goto('/');
    await see(visitor, 'Verificação de documentos');
    // The hero's hint loads when first wanted, and shows.
    await visitor.getByRole('button', { name: 'Recolher cabeçalho' }).hover();
    await visitor.getByRole('tooltip', { name: 'Recolher' }).waitFor();
    await networkQuiet(visitor);
    await visitor.getByLabel('WhatsApp').waitFor();
    expect(await axeProblems(visitor)).toEqual([]);
    expect(scripts.filter((s) => /\/assets\/(router|App)-/.test(s))).toEqual([]);

    await visitor.getByRole('link', { name: 'Login Administrativo' }).click();
    await visitor.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/login');
    expect(scripts.some((s) => /\/assets\/router-/.test(s))).toBe(true);
    await visitor.goBack();
    await see(visitor, 'Verificação de documentos');
    expect(new URL(visitor.url()).pathname).toBe('/');
    await context.close();
  });

  it('holds the place of the contact form while it loads, at its own height (nothing below moves)', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const { context, page: visitor } = await newPage(browser, viewport);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = () => {};
      const requested = new Promise<void>((resolve) => (asked = resolve));
      await visitor.route(/\/assets\/ContactFields-[\w-]+\.js$/, async (route) => {
        asked();
        await held;
        await route.continue();
      });
      await visitor.goto('/');
      // Measured once the chunk is asked for: before that, the box that holds the place is swapped for
      // Suspense's fallback (the same box, a new element), and a measure taken across the swap reads nothing.
      await requested;
      const placeholder = visitor.getByTestId('contato-reservado');
      await placeholder.waitFor();
      const reserved = (await placeholder.boundingBox())!.height;
      release();
      const form = visitor.locator('section[aria-labelledby="contato-titulo"] form');
      await form.locator('altcha-widget').waitFor();
      await placeholder.waitFor({ state: 'detached' });
      const drawn = (await form.boundingBox())!.height;
      expect(
        Math.abs(drawn - reserved),
        `${viewport.width} px: ${reserved} reservados, ${drawn} desenhados`,
      ).toBeLessThan(1);
      await context.close();
    }
  });

  it('remembers the collapsed hero after a reload', async () => {
    await page.goto('/');
    const hero = page.getByTestId('hero');
    await expect.poll(async () => (await hero.boundingBox())?.height).toBe(580);
    await page.getByRole('button', { name: 'Recolher cabeçalho' }).click();
    await expect.poll(async () => (await hero.boundingBox())?.height).toBe(100);
    await page.reload();
    await expect.poll(async () => (await hero.boundingBox())?.height).toBe(100);
    await page.getByRole('button', { name: 'Expandir cabeçalho' }).click();
    await expect.poll(async () => (await hero.boundingBox())?.height).toBe(580);
  });

  it('fits a phone-sized screen', async () => {
    const { context, page: phone } = await newPage(browser, { width: 390, height: 844 });
    await phone.goto('/');
    await see(phone, 'Ficou alguma dúvida?');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    fs.mkdirSync('test-results', { recursive: true });
    await phone.screenshot({ path: 'test-results/home-390.png', fullPage: true });
    await context.close();
  });

  it('recovers a password by e-mail: link followed, new password works, old sessions end', async () => {
    const token = await apiToken();
    await page.goto('/login');
    await page.getByText('Esqueceu a senha?').click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar Senha' });
    await dialog.getByLabel('E-mail').fill(E2E_ADMIN.email);
    const before = mails().length;
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText(/Se o e-mail estiver cadastrado/).waitFor();
    await expect.poll(() => dialog.count(), { timeout: 6000 }).toBe(0);

    await expect.poll(() => mails().length).toBe(before + 1);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/redefinir-senha\?token=[\w-]+)/.exec(mails().at(-1)!)![1];
    await page.goto(link);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-renovada-2026');
    await page.getByLabel('Repita a nova senha').fill('senha-diferente');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await see(page, 'As senhas não coincidem.');
    await page.getByLabel('Repita a nova senha').fill('senha-renovada-2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await see(page, 'Senha redefinida com sucesso! Entre com a nova senha.');
    expect((await api('POST', '/auth/me', token)).status).toBe(401);

    await page.goto(link);
    await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-123');
    await page.getByLabel('Repita a nova senha').fill('outra-senha-123');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await see(page, /inválido ou expirou/);

    await signIn(page, E2E_ADMIN.email, 'senha-renovada-2026');
    await see(page, 'Dashboard de Gestão Escolar');
    // Put the password back for the other test files.
    expect(await apiToken()).toBeUndefined();
    const own = await page.evaluate(() => localStorage.getItem('secretaria.token'));
    const me = await api('POST', '/auth/me', own!);
    // One's own password changes only with the current one.
    expect(
      (
        await api('PUT', `/users/${me.body.id}`, own!, {
          password: E2E_ADMIN.password,
          current_password: 'senha-renovada-2026',
        })
      ).status,
    ).toBe(200);
  });

  it('shows the dashboard charts with real numbers and the sixteen report cards', async () => {
    const { context, page: admin } = await newPage(browser);
    await openSignedIn(admin);
    for (const chart of ['grafico-alunos', 'grafico-matriculas', 'grafico-turmas']) {
      await admin.getByTestId(chart).locator('.recharts-bar-rectangle').first().waitFor();
    }
    // "Alunos por turma" opens on the current school year (the server's clock decides it); 2026 is the demo's.
    const perTeam = admin.getByTestId('grafico-turmas');
    await perTeam.getByLabel('Ano letivo').click();
    await admin.getByRole('option', { name: '2026', exact: true }).click();
    await expect.poll(() => perTeam.innerText()).toContain('TURMA MÉDIO 2026 A');
    const month = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', month: 'short' })
      .format(new Date())
      .replace('.', '');
    expect(await admin.getByTestId('grafico-alunos').innerText()).toContain(`${month}/${new Date().getFullYear()}`);
    // The cards (the menu's Relatórios group links to the same routes).
    const cards = admin.getByRole('region', { name: 'Relatórios' });
    expect(await cards.locator('a[href^="/admin/reports/"]').count()).toBe(16);
    // Inside the app already loaded, as its menu goes.
    await goInApp(admin, '/admin/caixa-de-saida');
    await see(admin, 'Relação de todos os e-mails da caixa de saída');
    await see(admin, 'Dúvida pelo site — Carla Menezes');
    await goInApp(admin, '/admin/dashboard');
    await admin.getByRole('region', { name: 'Relatórios' }).getByRole('link', { name: 'Boletim do aluno' }).click();
    await expectUrl(admin, /\/admin\/reports\/boletim-do-aluno$/);
    await admin.getByRole('button', { name: 'Gerar', exact: true }).waitFor();
    await context.close();
  });
});
