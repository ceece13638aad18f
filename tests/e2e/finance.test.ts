import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { launch, newPage, putSession } from './support/browser';
import { api, apiToken, see, todayInSaoPaulo } from './support/ui';
import { pdfText } from '../support/pdf-text';

function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

/**
 * Tab FINANCEIRO end to end: a year of tuition charged in one go, one instalment edited, another paid by
 * PIX on the sandbox's own page, and the row green with Mercado Pago as payer.
 */
describe("a student's year of tuition, one instalment paid by PIX in the sandbox", () => {
  const tag = randomUUID().slice(0, 8);
  const year = Number(todayInSaoPaulo().slice(6)) + 1;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  let browser: Browser;
  let page: Page;
  let token: string;
  let studentId: number;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, { width: 1366, height: 768 }));
    token = await apiToken();
    const student = await api('POST', '/students', token, {
      name: `Pagadora Financeiro ${tag}`,
      email: `pagadora.${tag}@familia.com.br`,
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
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id })).status).toBe(201);
    await putSession(page);
  });
  afterAll(() => browser?.close());

  const row = (quota: number) =>
    page.locator('tr', { has: page.getByRole('radio', { name: `Selecionar parcela ${quota}`, exact: true }) });
  const openTab = async () => {
    await page.goto(`/admin/alunos/${studentId}/editar`);
    await page.getByRole('tab', { name: 'Financeiro' }).click();
  };

  it('adds 12 instalments in one go: quotas 1 to 12, due dates a calendar month apart, the value in reais', async () => {
    await openTab();
    const form = page.getByRole('form', { name: 'Adicionar pendência financeira' });
    await form.getByLabel('Valor').fill('1.234,56');
    expect(await form.getByLabel('Valor').inputValue()).toBe('1.234,56');
    await form.getByLabel('Primeiro vencimento').fill(`${year}-01-31`);
    await form.getByRole('combobox', { name: 'Serviço' }).click();
    await page.getByRole('option', { name: 'Mensalidade' }).click();
    await form.getByRole('combobox', { name: 'Forma de pagamento' }).click();
    // PIX: a type that offers every link in 'Cobrar' (Boleto would offer the boleto only).
    await page.getByRole('option', { name: 'PIX', exact: true }).click();
    await form.getByLabel('Quantidade de parcelas').fill('doze');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await see(page, 'Por favor, preencha a quantidade de forma correta.');
    await form.getByLabel('Quantidade de parcelas').fill('12');
    await form.getByRole('button', { name: 'Adicionar' }).click();
    await see(page, '12 pendências financeiras adicionadas com sucesso!');
    await row(12).waitFor();
    expect(await page.getByRole('radio', { name: /^Selecionar parcela/ }).count()).toBe(12);
    await expect.poll(() => row(1).innerText()).toMatch(new RegExp(`31/01/${year}[\\s\\S]*R\\$ 1\\.234,56`));
    expect(await row(2).innerText()).toContain(`${leap ? 29 : 28}/02/${year}`);
    expect(await row(12).innerText()).toContain(`31/12/${year}`);
    const stored = (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].financials;
    expect(stored.map((c: { value_cents: number }) => c.value_cents)).toEqual(Array(12).fill(123456));
  });

  it('edits one instalment in the modal: value in reais, the date as a date', async () => {
    await row(2).getByRole('button', { name: 'Editar parcela 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar pendência financeira — parcela 2' });
    expect(await dialog.getByLabel('Valor').inputValue()).toBe('1.234,56');
    expect(await dialog.getByLabel('Vencimento').inputValue()).toBe(`${year}-02-${leap ? 29 : 28}`);
    await dialog.getByLabel('Valor').fill('1.300,00');
    await dialog.getByLabel('Vencimento').fill(`${year}-02-15`);
    await dialog.getByLabel('Observações').fill('Reajuste combinado com a família');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await see(page, 'Pendência financeira atualizada com sucesso!');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => row(2).innerText())
      .toMatch(new RegExp(`15/02/${year}[\\s\\S]*R\\$ 1\\.300,00[\\s\\S]*Reajuste combinado com a família`));
  });

  it('makes a PIX in the sandbox, pays it on the simulation page, and the row turns green as a simulation', async () => {
    await row(1).getByRole('button', { name: 'Cobrar parcela 1' }).click();
    await page.getByRole('menuitem', { name: 'PIX' }).click();
    const dialog = page.getByRole('dialog', { name: 'PIX — parcela 1' });
    await dialog.getByRole('button', { name: 'Gerar PIX' }).click();
    await dialog.getByText('Simulação: nenhum dinheiro é cobrado.').waitFor();
    await dialog.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    expect(await dialog.getByLabel('PIX copia e cola').inputValue()).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    await page.screenshot({ path: '/tmp/financeiro-pix.png' });
    const [sandbox] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('link', { name: 'Abrir a página de pagamento (simulação)' }).click(),
    ]);
    await sandbox.getByRole('button', { name: 'Pagar (simulação)' }).click();
    await sandbox.getByText('Pagamento simulado com sucesso').waitFor();
    await sandbox.close();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    // No reload: the tab sees the payment by itself.
    await expect.poll(() => row(1).getAttribute('data-situacao'), { timeout: 15_000 }).toBe('paid');
    const paid = await row(1).innerText();
    expect(paid).toContain(`Sim, em ${todayInSaoPaulo()} (Simulação)`);
    expect(paid).not.toContain('Mercado Pago');
    expect(await row(1).evaluate((tr) => getComputedStyle(tr).backgroundColor)).toBe('rgb(227, 244, 228)');
    expect(await row(3).getByRole('button', { name: 'Editar parcela 3' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Pendências financeiras' }).evaluate((h) => h.scrollIntoView());
    await page.screenshot({ path: '/tmp/financeiro.png' });
    const charge = (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].financials[0];
    expect(charge).toMatchObject({ quota: 1, paid: 1 });
    expect(charge.paid_user.id).not.toBe(100);
  });

  it('issues the receipt of the paid instalment and the statement, and both say what happened', async () => {
    await page.getByRole('radio', { name: 'Selecionar parcela 1', exact: true }).check();
    // What the office reads before asking for it; the PDF may start the server's file thread (a bound for a loaded
    // machine: a fresh-clone run once waited more than 15 s for this download).
    await see(page, 'Parcela 1 selecionada para o recibo.');
    const [receipt] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Recibo' }).click(),
    ]);
    const charge = (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].financials[0];
    expect(receipt.suggestedFilename()).toBe(`recibo-${charge.id}.pdf`);
    const receiptText = await pdfText(fs.readFileSync(await receipt.path()));
    expect(receiptText).toContain(`Recebemos de PAGADORA FINANCEIRO ${tag.toUpperCase()}`);
    expect(receiptText).toContain('R$ 1.234,56 (mil duzentos e trinta e quatro reais e cinquenta e seis centavos)');
    expect(receiptText).not.toContain('Mercado Pago');

    const [statement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /EXTRATO FINANCEIRO/ }).click(),
    ]);
    expect(statement.suggestedFilename()).toBe(`extrato-financeiro-${studentId}.pdf`);
    const statementText = await pdfText(fs.readFileSync(await statement.path()));
    expect(statementText).toContain('EXTRATO FINANCEIRO');
    expect(statementText).toContain('Paga em');
    expect(statementText).not.toContain('(Mercado Pago)');
    expect(statementText).toContain('Total pago: R$ 1.234,56');
  });
});
