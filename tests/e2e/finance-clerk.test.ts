import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatBRL, schoolDayOf } from '../../resources/format';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { hashPassword } from '../../server/auth/passwords';
import { pdfText } from '../support/pdf-text';
import { axeProblems } from './support/axe';
import { baseURL, goInApp, launch, newPage, openSignedIn } from './support/browser';
import { api, apiToken, todayInSaoPaulo } from './support/ui';

function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

/** "R$ 1.234,56" in centavos. */
const centavos = (brl: string) => Number(brl.replace(/\D/g, ''));

/**
 * A family whose mother pays on the portal (issue 35): a student with twelve future instalments of R$ 650,00 and,
 * added afterwards, one of R$ 500,00 ten days late; the mother's portal account is written straight into the
 * database (its invitation is the family persona's test) and signs in through the API.
 */
async function familyWithInstalments(token: string, tag: string) {
  const mother = {
    name: `Rosângela Bezerra ${tag}`,
    email: `rosangela.${tag}@familia.com.br`,
    password: 'senha-da-mae-1',
  };
  const student = await api('POST', '/students', token, { name: `Davi Bezerra ${tag}` });
  expect(student.status, JSON.stringify(student.body)).toBe(201);
  const studentId = student.body.data.id as number;
  const guardian = await api('POST', '/guardians', token, {
    name: mother.name,
    email: mother.email,
    cpf: randomCpf(),
    cep: '66010000',
    street: 'Avenida Nazaré',
    number: '512',
    neighborhood: 'Nazaré',
    city: 'Belém',
    uf: 'PA',
  });
  expect(guardian.status, JSON.stringify(guardian.body)).toBe(201);
  const linked = await api('POST', `/students/${studentId}/guardians`, token, {
    guardian_id: guardian.body.data.id,
    kinship: 'mae',
    financial_responsible: true,
    pedagogical_responsible: true,
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  const team = (await api('GET', '/teams?page=0', token)).body.data[0];
  const enrolment = await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id });
  expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(201);
  const add = async (value: string, due_date: string, repetitions = 1) => {
    const made = await api('POST', '/financials', token, {
      registration_id: enrolment.body.data.id,
      value,
      due_date,
      repetitions,
      service_type_id: 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  };
  await add('650,00', '2099-02-10', 12);
  await add('500,00', schoolDayOf(new Date(Date.now() - 10 * 86_400_000)));
  const db = new Database(path.join(inject('dataDir'), 'secretaria.db'));
  const now = new Date().toISOString();
  db.prepare(
    'insert into portal_accounts (guardian_id, email, password_hash, invited_at, activated_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  ).run(guardian.body.data.id, mother.email, await hashPassword(mother.password), now, now, now, now);
  db.close();
  return { studentId, mother };
}

/** The mother pays a charge by PIX on the portal (the provider's simulation), as her phone would. */
async function payOnPortal(family: { studentId: number; mother: { email: string; password: string } }, id: number) {
  const response = await fetch(`${baseURL()}/api/portal/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: family.mother.email, password: family.mother.password }),
  });
  const login = { status: response.status, body: (await response.json()) as { token: string } };
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const pix = await api('POST', `/portal/students/${family.studentId}/charges/${id}/payment`, login.body.token, {
    method: 'pix',
  });
  expect(pix.status, JSON.stringify(pix.body)).toBe(200);
  const key = String(pix.body.pix.url).split('/').at(-1);
  const paid = await api('POST', `/portal/payments/sandbox/${key}/pay`, login.body.token);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

/**
 * The finance clerk (issue 24): a user of the built-in Financeiro role sees a student's FINANCEIRO tab and
 * charges from it, sees the student's documents without any action that changes them, and has no Usuários.
 */
describe('the finance clerk on a student’s record', () => {
  const tag = randomUUID().slice(0, 8);
  const clerk = { email: `fabiana.${tag}@escolamodelo.edu.br`, password: 'senha-da-fabiana-1' };
  let browser: Browser;
  let page: Page;
  let studentId: number;
  let family: Awaited<ReturnType<typeof familyWithInstalments>>;
  let token: string;

  beforeAll(async () => {
    token = await apiToken();
    const user = await api('POST', '/users', token, {
      name: `Fabiana Financeiro ${tag}`,
      ...clerk,
      role_id: 4, // the built-in Financeiro (migration 0020_roles)
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    // What a PIX asks of the payer: CPF, e-mail and address.
    const student = await api('POST', '/students', token, {
      name: `Aluna Cobrança ${tag}`,
      email: `aluna.${tag}@familia.com.br`,
      cpf: randomCpf(),
      cep: '66000000',
      street: 'Avenida Presidente Vargas',
      number: '100',
      neighborhood: 'Campina',
      city: 'Belém',
      uf: 'PA',
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    studentId = student.body.data.id;
    const team = (await api('GET', '/teams?page=0', token)).body.data[0];
    const enrolment = await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id });
    expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(201);
    const registration = (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].id;
    // No payment type: 'Cobrar' offers every link.
    const charge = await api('POST', '/financials', token, {
      registration_id: registration,
      value: '150,00',
      due_date: '2099-03-10',
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    // An issued document, as the history and certificate screens leave it (row and file).
    const file = `${randomUUID()}.pdf`;
    const dataDir = inject('dataDir');
    fs.mkdirSync(path.join(dataDir, 'storage', 'documents'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'storage', 'documents', file), '%PDF-1.4\n%%EOF\n');
    const db = new Database(path.join(dataDir, 'secretaria.db'));
    const now = new Date().toISOString();
    db.prepare(
      "insert into documents (student_id, type, code, folder, file_name, created_at, updated_at) values (?, 'CERTIFICATE', ?, 'certificate', ?, ?, ?)",
    ).run(studentId, `CERT_CAIXA_${tag}`, file, now, now);
    db.close();
    family = await familyWithInstalments(token, tag);
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    await openSignedIn(page, undefined, clerk.email, clerk.password);
  });
  afterAll(() => browser?.close());

  it('has no Usuários in the menu', async () => {
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Sair' }).waitFor();
    for (const header of await menu.locator('[aria-expanded="false"]').all()) await header.click();
    const entries = await menu.locator('.MuiListItemText-primary').allInnerTexts();
    expect(entries).toContain('Alunos');
    expect(entries).not.toContain('Usuários');
  });

  it('charges an instalment from the FINANCEIRO tab', async () => {
    // Without the right to change the student, the record opens read-only (its show screen), tabs and all.
    await goInApp(page, `/admin/alunos/${studentId}/show`);
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    await page.getByRole('form', { name: 'Adicionar pendência financeira' }).waitFor();
    await page.getByRole('button', { name: 'Cobrar parcela 1' }).click();
    await page.getByRole('menuitem', { name: 'PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'PIX — parcela 1' });
    await dialog.getByRole('button', { name: 'Gerar PIX' }).click();
    await dialog.getByText('Simulação: nenhum dinheiro é cobrado.').waitFor();
    await dialog.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  });

  it('sees the documents in DOCUMENTOS without a button to issue, move or remove one', async () => {
    await page.getByRole('tab', { name: 'Documentos' }).click();
    const documents = page.getByRole('list', { name: 'Documentos emitidos' });
    await documents.getByText(`Código de validação: CERT_CAIXA_${tag}`).waitFor();
    expect(await documents.getByRole('button', { name: 'Baixar documento' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Transferir para outro aluno' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remover documento' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Gerar histórico' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Gerar certificado' }).count()).toBe(0);
    // Nor the access log, which is Administração's.
    expect(await page.getByRole('tab', { name: 'Acessos (LGPD)' }).count()).toBe(0);
  });

  /** Issue 35: money as a Brazilian reads it, on the record of a family that pays on the portal. */
  const rows = () => page.getByRole('table', { name: /^Pendências financeiras da matrícula/ }).locator('tbody tr');
  const received = async () => {
    // Loaded anew, not inside the app: there the card would first show the sum it had before the payment.
    await page.goto('/admin/dashboard');
    const card = page.getByTestId('cartao-recebido');
    await card.getByText(/^R\$ /).waitFor();
    return { total: centavos(await card.getByText(/^R\$ /).innerText()), text: await card.innerText() };
  };
  let before: Awaited<ReturnType<typeof received>>;

  it('types the amounts as a Brazilian writes them: 500, 500,00, 500,5 and 1.500', async () => {
    before = await received();
    await goInApp(page, `/admin/alunos/${family.studentId}/show`);
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    const form = page.getByRole('form', { name: 'Adicionar pendência financeira' });
    const value = form.getByLabel('Valor');
    for (const [typed, shown] of [
      ['500', '500,00'],
      ['500,00', '500,00'],
      ['500,5', '500,50'],
      ['1.500', '1.500,00'],
    ]) {
      await value.fill('');
      await value.pressSequentially(typed);
      await value.press('Tab');
      expect(await value.inputValue(), `"${typed}"`).toBe(shown);
    }
    await form.getByLabel('Primeiro vencimento').fill('2101-01-10');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await rows().nth(13).getByText('R$ 1.500,00').first().waitFor();
    const charges = (await api('GET', `/students/${family.studentId}`, token)).body[0].registrations[0].financials;
    expect(charges.find((c: { quota: number }) => c.quota === 14).value_cents).toBe(150000);
  });

  it('lists the overdue instalment before the twelve future ones, by due date', async () => {
    const quotas = await rows().evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent));
    expect(quotas).toEqual(['13', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '14']);
    expect(await rows().first().innerText()).toContain('Não — vencida');
  });

  it("adds in the statement's 'A pagar hoje' only what is due by today", async () => {
    const [statement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /EXTRATO FINANCEIRO/ }).click(),
    ]);
    const text = (await pdfText(fs.readFileSync(await statement.path()))).replace(/\s+/g, ' ');
    // R$ 500,00 ten days late: 2 % fine = 10,00; 1 % a month for 10 days = 1,67. Not the R$ 7.800,00 ahead.
    expect(text).toContain('A pagar hoje, com descontos, multa e juros: R$ 511,67');
  });

  it('heads the PIX with what it asks today and its parts, and says "Pago" when the mother pays on the portal', async () => {
    await page.getByRole('button', { name: 'Cobrar parcela 13' }).click();
    await page.getByRole('menuitem', { name: 'PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'PIX — parcela 13' });
    const head = dialog.getByTestId('valor-hoje');
    expect((await head.innerText()).replace(/\s+/g, ' ')).toBe(
      'A pagar hoje: R$ 511,67 Valor R$ 500,00 + multa R$ 10,00 + juros R$ 1,67',
    );
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/financeiro-pix-partes.png' });

    const late = (await api('GET', `/students/${family.studentId}`, token)).body[0].registrations[0].financials.find(
      (c: { quota: number }) => c.quota === 13,
    );
    await payOnPortal(family, late.id);
    // The open dialog reads the record again by itself (every few seconds).
    const paid = dialog.getByRole('status');
    await paid.waitFor({ timeout: 15_000 });
    const payer = `${family.mother.name}, pelo Portal das famílias`;
    expect((await paid.innerText()).replace(/\s+/g, ' ')).toBe(
      `Pago em ${todayInSaoPaulo()} R$ 511,67 recebidos (${payer}). Nada mais a cobrar desta pendência.`,
    );
    expect(await dialog.getByRole('button', { name: /Gerar/ }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/financeiro-pix-pago.png' });
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    // The row and the receipt name the mother, never "Usuário removido".
    expect(await rows().first().innerText()).toContain(`Pago por: ${payer}`);
    await page.getByRole('radio', { name: 'Selecionar parcela 13', exact: true }).check();
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Recibo' }).click(),
    ]);
    const text = (await pdfText(fs.readFileSync(await receipt.path()))).replace(/\s+/g, ' ');
    expect(text).toContain(`registrado por ${payer}.`);
    expect(text).not.toContain('Usuário removido');
  });

  it("counts in the dashboard's 'Recebido no mês' what came in, with the fine and interest, in words that agree", async () => {
    const after = await received();
    expect(after.total - before.total).toBe(51167);
    expect(after.text).toContain(formatBRL(after.total));
    const count = (await api('GET', '/indicators/receivables', token)).body.received.count as number;
    expect(after.text).toContain(count === 1 ? '1 cobrança paga no mês' : `${count} cobranças pagas no mês`);
    expect(after.text).not.toMatch(/\b1 cobranças\b/);
  });
});
