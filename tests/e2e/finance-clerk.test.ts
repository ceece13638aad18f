import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { launch, newPage, signIn } from './support/browser';
import { api, apiToken } from './support/ui';

function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
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

  beforeAll(async () => {
    const token = await apiToken();
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
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    await signIn(page, clerk.email, clerk.password);
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
    await page.goto(`/admin/alunos/${studentId}/show`);
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
});
