import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { decodeQuotedPrintable } from '../api/support/mail';
import { slotsOf } from '../support/full-grid';
import { launch, newPage } from './support/browser';
import { axeProblems } from './support/axe';
import { api, apiToken, see, todayInSaoPaulo } from './support/ui';

const randomCpf = () => {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
};

function mails(): string[] {
  const dir = inject('mailDir');
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** No serious or critical axe violation on the page as it is. */
async function accessible(page: Page): Promise<void> {
  expect(await axeProblems(page)).toEqual([]);
}

/**
 * A mother on her phone (issue 26): the office invites her, the e-mail's link sets her password, she signs in,
 * reads her son's published grades, pays his open charge by PIX in the payment simulation, the office sees it
 * paid, and she downloads the receipt that names her as the payer.
 */
describe('the family portal on a phone', () => {
  const tag = randomUUID().slice(0, 8);
  const mother = {
    name: `Marina Andrade ${tag}`,
    email: `marina.${tag}@familia.com.br`,
    password: 'senha-da-marina-1',
  };
  const son = `Lucas Andrade ${tag}`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let studentId: number;
  let guardianId: number;

  beforeAll(async () => {
    token = await apiToken();
    const year = Number(new Date().toISOString().slice(0, 4));
    const student = await api('POST', '/students', token, { name: son, birth_date: `${year - 12}-05-10` });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
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
    expect(guardian.status, JSON.stringify(guardian.body)).toBe(201);
    guardianId = guardian.body.data.id;
    const linked = await api('POST', `/students/${studentId}/guardians`, token, {
      guardian_id: guardianId,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);

    const team = (await api('GET', '/teams?page=0', token)).body.data[0];
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id })).status).toBe(201);
    const [slot] = slotsOf((await api('GET', `/grids/${team.id}/get-full-grid`, token)).body);
    const graded = await api('POST', '/grades', token, {
      grades: [
        {
          student_id: studentId,
          stage_id: slot.stages[0].id,
          discipline_id: slot.discipline.id,
          team_id: team.id,
          grade: '8,5',
        },
      ],
    });
    expect(graded.status, JSON.stringify(graded.body)).toBe(200);
    const published = await api('POST', `/teams/${team.id}/grade-publications`, token, {
      stage_id: slot.stages[0].id,
      confirm: true,
    });
    expect([201, 409]).toContain(published.status);

    const registration = (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].id;
    const charge = await api('POST', '/financials', token, {
      registration_id: registration,
      value: '480,00',
      due_date: `${year + 1}-03-10`,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);

    const before = mails().length;
    const invited = await api('POST', `/guardians/${guardianId}/invite`, token);
    expect(invited.status, JSON.stringify(invited.body)).toBe(202);
    // expect.poll belongs to tests: the invitation is waited for here by hand.
    const arrived = () =>
      mails()
        .slice(before)
        .some((m) => m.includes('/portal/ativar'));
    for (let waited = 0; !arrived() && waited < 15_000; waited += 200) await new Promise((r) => setTimeout(r, 200));

    browser = await launch();
    ({ page } = await newPage(browser, { width: 390, height: 844 }));
  });
  afterAll(() => browser?.close());

  it('sets the password from the invitation e-mail and signs in', async () => {
    // Her inbox also has the school's notice of the published grades (sent on publication).
    const invitation = mails().find((m) => m.includes(`To: ${mother.email}`) && m.includes('/portal/ativar'))!;
    expect(invitation).toBeTruthy();
    const link = /(http:\/\/127\.0\.0\.1:\d+\/portal\/ativar\?token=[\w-]+)/.exec(invitation)![1];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Ativar acesso ao portal' }).waitFor();
    await page.getByLabel('Senha', { exact: true }).fill(mother.password);
    await page.getByLabel('Repita a senha').fill(mother.password);
    await page.getByRole('button', { name: 'Definir senha' }).click();
    await see(page, 'Senha definida.');
    await page.screenshot({ path: '/tmp/portal-ativar.png' });

    await page.goto('/portal');
    await page.getByLabel('E-mail').fill(mother.email);
    await page.getByLabel('Senha').fill(mother.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: /^Olá, Marina!/ }).waitFor();
    await see(page, son);
    await accessible(page);
    await page.screenshot({ path: '/tmp/portal-inicio.png' });
  });

  it("shows her son's published grade in the report card", async () => {
    await page.getByRole('link', { name: new RegExp(son) }).click();
    await page.getByRole('heading', { name: son }).waitFor();
    await page.getByRole('tab', { name: 'Boletim' }).click();
    await see(page, '8,5');
    await accessible(page);
    await page.screenshot({ path: '/tmp/portal-boletim.png', fullPage: true });
  });

  it('pays the open charge by PIX in the simulation, and the office sees it paid', async () => {
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    await see(page, 'R$ 480,00');
    await page
      .getByRole('button', { name: /^Pagar / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'PIX' }).click();
    await dialog.getByText('Simulação: nenhum dinheiro é cobrado.').waitFor();
    expect(await dialog.getByLabel('PIX copia e cola').inputValue()).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await accessible(page);
    await page.screenshot({ path: '/tmp/portal-pix.png' });
    const [sandbox] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('link', { name: 'Abrir a página de pagamento (simulação)' }).click(),
    ]);
    await sandbox.getByRole('button', { name: 'Pagar (simulação)' }).click();
    await sandbox.getByText('Pagamento simulado com sucesso').waitFor();
    await sandbox.close();
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    await expect
      .poll(
        async () => (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].financials[0].paid,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
  });

  it('downloads the receipt, which names her as the payer', async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    // The day of the payment on the school's calendar, never the day before (UTC−3).
    await see(page, `Pago em ${todayInSaoPaulo()}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Recibo de / })
        .first()
        .click(),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recibo-')), 'recibo.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(mother.name.toUpperCase());
    expect(text).toContain('480,00');
    await page.screenshot({ path: '/tmp/portal-financeiro.png', fullPage: true });
  });
});
