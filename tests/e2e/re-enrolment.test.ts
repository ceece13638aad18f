import Database from 'better-sqlite3';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { decodeQuotedPrintable } from '../api/support/mail';
import { axeProblems } from './support/axe';
import { launch, newPage, openSignedIn } from './support/browser';
import { api, apiToken, expectUrl, rowWith, see, todayInSaoPaulo } from './support/ui';

const randomCpf = () => {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
};
const mails = () =>
  fs
    .readdirSync(inject('mailDir'))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(inject('mailDir'), f), 'utf8')));

/** Waits (by hand: expect.poll belongs to tests) for a mail to `to` matching `pattern` after `before` mails. */
async function mailTo(to: string, pattern: RegExp, before: number): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 200) {
    const found = mails()
      .slice(before)
      .find((m) => m.includes(`To: ${to}`) && pattern.test(m));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nenhum e-mail para ${to}`);
}

/**
 * Issue 39 on a phone (390×844): a mother re-enrols her son for next year in the portal — corrects her phone,
 * uploads two documents, takes the plan, reads the contract and signs it with the code from her e-mail, pays the
 * first instalment by PIX in the simulation and sends it — and the secretary, at 1366×768, accepts it from the
 * campaign's page (Secretaria › Campanhas de matrícula), which leaves the boy in next year's team with the plan's
 * twelve charges, the paid one first. Axe on every step.
 */
describe('re-enrolment in the portal on a phone', () => {
  const tag = randomUUID().slice(0, 8);
  const mother = { name: `Rita Moraes ${tag}`, email: `rita.${tag}@familia.com.br`, password: 'senha-da-rita-1' };
  const son = `Pedro Moraes ${tag}`;
  const year = Number(todayInSaoPaulo().slice(-4));
  // Far off, so that the office finds this campaign's row among the other files' campaigns of the same year.
  const CLOSES_ON = '2199-12-31';
  let browser: Browser;
  let page: Page;
  let token: string;
  let studentId: number;
  let toTeam: number;
  let campaignId: number;

  beforeAll(async () => {
    token = await apiToken();
    const db = new Database(path.join(inject('dataDir'), 'secretaria.db'));
    const now = new Date().toISOString();
    const yearId = (y: number) => {
      const row = db.prepare('select id from school_years where year = ?').get(y) as { id: number } | undefined;
      if (row) return row.id;
      return Number(
        db
          .prepare(
            'insert into school_years (year, start_date, end_date, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
          )
          .run(y, `${y}-02-01`, `${y}-12-17`, 'open', now, now).lastInsertRowid,
      );
    };
    const grid = (db.prepare('select id from grids order by id').get() as { id: number }).id;
    const team = async (name: string, y: number) => {
      const made = await api('POST', '/teams', token, {
        name,
        start_date: `${y}-02-01`,
        end_date: `${y}-12-17`,
        polo_id: 1,
        grid_id: grid,
        school_year_id: yearId(y),
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return Number(made.body.data.id);
    };
    const fromTeam = await team(`8º ano ${tag}`, year);
    toTeam = await team(`9º ano ${tag}`, year + 1);
    const service = (db.prepare('select id from service_types order by id').get() as { id: number }).id;
    const payment = (db.prepare('select id from payment_types order by id').get() as { id: number }).id;
    const plan = Number(
      db
        .prepare(
          'insert into payment_plans (name, service_type_id, payment_type_id, instalments, value_cents, due_day, first_month, created_at, updated_at) values (?, ?, ?, 12, 98000, 10, ?, ?, ?)',
        )
        .run(`Anuidade ${year + 1} ${tag}`, service, payment, `${year + 1}-02`, now, now).lastInsertRowid,
    );
    const template = (db.prepare('select id from text_documents order by id').get() as { id: number }).id;
    // As the office's form makes it (POST, not the table): the campaign page opens it, teams and documents listed.
    const campaign = await api('POST', '/enrolment-campaigns', token, {
      school_year_id: yearId(year + 1),
      kind: 'rematricula',
      opens_on: '2000-01-01',
      closes_on: CLOSES_ON,
      documents: ['Comprovante de residência', 'Declaração de quitação'],
      terms: 'Declaro que li o regimento escolar.',
      teams: [{ from_team_id: fromTeam, to_team_id: toTeam, payment_plan_id: plan, contract_template_id: template }],
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    campaignId = Number(campaign.body.data.id);
    db.close();

    const student = await api('POST', '/students', token, { name: son, birth_date: `${year - 13}-04-02` });
    studentId = student.body.data.id;
    const guardian = await api('POST', '/guardians', token, {
      name: mother.name,
      email: mother.email,
      cpf: randomCpf(),
      phone: '91987654321',
      cep: '66010000',
      street: 'Avenida Nazaré',
      number: '512',
      neighborhood: 'Nazaré',
      city: 'Belém',
      uf: 'PA',
    });
    await api('POST', `/students/${studentId}/guardians`, token, {
      guardian_id: guardian.body.data.id,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: fromTeam })).status).toBe(201);
    const invited = await api('POST', `/guardians/${guardian.body.data.id}/invite`, token, { delivery: 'link' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const link = String(
      invited.body.link ?? invited.body.url ?? JSON.stringify(invited.body).match(/http[^"]+ativar[^"]+/)![0],
    );

    browser = await launch();
    ({ page } = await newPage(browser, { width: 390, height: 844 }));
    await page.goto(link);
    await page.getByLabel('Senha', { exact: true }).fill(mother.password);
    await page.getByLabel('Repita a senha').fill(mother.password);
    await page.getByRole('button', { name: 'Definir senha' }).click();
    await see(page, 'Senha definida.');
    await page.goto('/portal');
    await page.getByLabel('E-mail').fill(mother.email);
    await page.getByLabel('Senha').fill(mother.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: /^Olá, Rita!/ }).waitFor();
  });
  afterAll(() => browser?.close());

  const accessible = async () => expect(await axeProblems(page)).toEqual([]);

  it('walks the family from the card to the sent request', async () => {
    await page.getByRole('link', { name: new RegExp(son) }).click();
    await page.getByRole('heading', { name: `Rematrícula ${year + 1}` }).waitFor();
    await accessible();
    await page.screenshot({ path: '/tmp/rematricula-cartao-390.png' });
    await page.getByRole('link', { name: 'Começar' }).click();

    // Dados: her new phone, a proposal the office checks.
    await see(page, 'As alterações serão conferidas pela secretaria antes de valer.');
    await accessible();
    await page.screenshot({ path: '/tmp/rematricula-dados-390.png', fullPage: true });
    await page.getByLabel('Telefone', { exact: true }).fill('91999887766');
    await page.getByRole('button', { name: 'Confirmar dados' }).click();
    await see(page, 'Dados confirmados.');

    // Documentos: a PDF and a photo.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rematricula-'));
    const pdf = path.join(dir, 'comprovante.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const png = path.join(dir, 'quitacao.png');
    fs.writeFileSync(
      png,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
    );
    await page.getByLabel('Arquivo: Comprovante de residência').setInputFiles(pdf);
    await see(page, 'Comprovante de residência: enviado.');
    await page.getByLabel('Arquivo: Declaração de quitação').setInputFiles(png);
    await see(page, 'Declaração de quitação: enviado.');
    await accessible();

    // Plano.
    await page.getByRole('button', { name: 'Escolher este plano' }).click();
    await see(page, 'Plano escolhido.');
    await accessible();

    // Contrato: read, accepted, the code from her e-mail. A phone's browser opens a window only from the tap itself
    // (not after an await, as a pop-up): each window.open is recorded with whether a click was being handled.
    await page.evaluate(() => {
      const w = window as unknown as { opens: boolean[] };
      w.opens = [];
      let inClick = false;
      document.addEventListener(
        'click',
        () => {
          inClick = true;
          setTimeout(() => (inClick = false), 0);
        },
        true,
      );
      const open = window.open.bind(window);
      window.open = (...args) => {
        w.opens.push(inClick);
        return open(...args);
      };
    });
    const [contractTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Abrir o contrato (PDF)' }).click(),
    ]);
    await expect.poll(() => contractTab.url()).toMatch(/^blob:/);
    await contractTab.close();
    expect(await page.evaluate(() => (window as unknown as { opens: boolean[] }).opens)).toEqual([true]);
    await page.getByLabel('Li e aceito o contrato').check();
    const before = mails().length;
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const mail = await mailTo(mother.email, /código/i, before);
    const code = /\b(\d{6})\b/.exec(mail)![1];
    await page.getByLabel('Código recebido').fill(code);
    await accessible();
    await page.screenshot({ path: '/tmp/rematricula-contrato-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Assinar' }).click();
    await see(page, 'Contrato assinado.');

    // Pagamento: the first instalment by PIX in the simulation.
    await page.getByRole('button', { name: 'Pagar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'PIX' }).click();
    const [sandbox] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('link', { name: 'Abrir a página de pagamento (simulação)' }).click(),
    ]);
    await sandbox.getByRole('button', { name: 'Pagar (simulação)' }).click();
    await sandbox.getByText('Pagamento simulado com sucesso').waitFor();
    await sandbox.close();
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    await page.getByRole('button', { name: 'Enviar para a secretaria' }).click();
    await see(page, 'Enviada — aguardando a secretaria');
    await accessible();
    await page.screenshot({ path: '/tmp/rematricula-enviada-390.png', fullPage: true });
  });

  it('the secretary accepts it in the campaign page: the boy is in next year’s team with the plan’s charges', async () => {
    const { page: office } = await newPage(browser, { width: 1366, height: 768 });
    await openSignedIn(office);
    await office
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Campanhas de matrícula' })
      .click();
    await rowWith(office, String(year + 1))
      .filter({ hasText: 'Rematrícula' })
      .filter({ hasText: '31/12/2199' })
      .click();
    await expectUrl(office, new RegExp(`/admin/campanhas-matricula/${campaignId}/show$`));
    const family = rowWith(office, son);
    await family.getByText('Enviado à secretaria').waitFor();
    expect(await axeProblems(office)).toEqual([]);
    await family.getByRole('button', { name: 'Aceitar' }).click();
    await see(office, 'Rematrícula aceita: aluno matriculado na nova turma.');
    // The list says so without a reload: accepted, nothing left to press.
    await family.getByText('Aceito', { exact: true }).waitFor();
    expect(await family.getByRole('button', { name: 'Aceitar' }).count()).toBe(0);
    expect(await axeProblems(office)).toEqual([]);
    await family.scrollIntoViewIfNeeded();
    await office.screenshot({ path: '/tmp/rematricula-aceita-1366.png' });
    // The families list on a phone: filters stacked, the table scrolling sideways.
    await office.setViewportSize({ width: 390, height: 844 });
    await family.scrollIntoViewIfNeeded();
    expect(await axeProblems(office)).toEqual([]);
    await office.screenshot({ path: '/tmp/rematricula-aceita-390.png', fullPage: true });

    const check = new Database(path.join(inject('dataDir'), 'secretaria.db'), { readonly: true });
    const registration = check
      .prepare('select id from registrations where student_id = ? and team_id = ?')
      .all(studentId, toTeam) as { id: number }[];
    expect(registration).toHaveLength(1);
    const charges = check
      .prepare('select paid from financials where registration_id = ? order by plan_instalment')
      .all(registration[0].id) as { paid: number }[];
    check.close();
    expect(charges.map((c) => c.paid)).toEqual([1, ...Array(11).fill(0)]);
    await page.reload();
    await see(page, 'Confirmada');
    await accessible();
  });
});
