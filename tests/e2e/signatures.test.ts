import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cpfCheckDigits, isValidCpf } from '../../resources/text';
import { decodeQuotedPrintable } from '../api/support/mail';
import { axeProblems } from './support/axe';
import { baseURL, E2E_ADMIN, launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    if (isValidCpf(cpf)) return cpf;
  }
}

/** The e-mails the test SMTP server received, decoded, oldest first. */
function mails(): string[] {
  const dir = inject('mailDir');
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** The signing code e-mailed to the secretary after `before` mails, as she would read it. */
async function codeFromMail(before: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mails()
          .slice(before)
          .findLast((m) => m.includes(E2E_ADMIN.email) && /assinar eletronicamente é: \d{6}/.test(m));
        code = mail ? /assinar eletronicamente é: (\d{6})/.exec(mail)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

async function pdfOf(token: string, document: { folder: string; file_name: string }): Promise<Buffer> {
  const response = await fetch(`${baseURL()}/api/documents/storage/${document.folder}/${document.file_name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function accessibleAt(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1366', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/${name}-${size}.png`, fullPage: true });
    const problems = await axeProblems(page);
    if (problems.length)
      console.log('AXE', await page.evaluate(() => document.querySelector('.css-1nlu5ub')?.outerHTML));
    expect(problems, `${name} a ${size}`).toEqual([]);
  }
}

describe('the secretary signs a contract for the school; the public page names her and checks the file', () => {
  const name = `Aluna Assinatura ${randomUUID().slice(0, 8)}`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let studentId = 0;
  let original: Buffer;
  let signedCode = '';

  beforeAll(async () => {
    token = await apiToken();
    const created = await api('POST', '/students', token, { name, cpf: randomCpf() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    studentId = created.body.data.id;
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: 1 })).status).toBe(201);
    const issued = await api('POST', `/exports/student-contract/${studentId}/1`, token);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const documents = (await api('GET', `/students/${studentId}`, token)).body[0].documents;
    original = await pdfOf(token, documents[0]);
    browser = await launch();
    ({ page } = await newPage(browser, WIDE));
    await putSession(page);
  });
  afterAll(() => browser?.close());

  /** The contract's "Assinar pela escola" dialog, opened from the student's DOCUMENTOS tab at the current size. */
  async function openSignDialog() {
    await page.goto(`/admin/alunos/${studentId}/editar`);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('list', { name: 'Documentos emitidos' }).getByRole('button', { name: 'Assinaturas' }).click();
    const list = page.getByRole('dialog', { name: 'Assinaturas' });
    await list.getByRole('button', { name: 'Assinar pela escola' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assinar pela escola' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Ler o documento' }).isEnabled()).toBe(true);
    return { list, dialog };
  }

  it('on a phone, the signing dialog fits and has no serious accessibility problem', async () => {
    // Opened at the phone's size: the app's layout is drawn for the size it starts at (a resize with a dialog
    // open redraws the page under it).
    await page.setViewportSize(PHONE);
    const { list, dialog } = await openSignDialog();
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/assinar-pela-escola-390.png' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await list.getByText('Este documento ainda não foi assinado.').waitFor();
    await page.setViewportSize(WIDE);
  });

  it("signs from the student's DOCUMENTOS tab with the code e-mailed to her", async () => {
    const { list, dialog } = await openSignDialog();
    const before = mails().length;
    await dialog.getByRole('button', { name: 'Enviar código' }).click();
    await dialog.getByText(/^Código enviado para s\*\*\*@escolamodelo\.edu\.br\./).waitFor();
    await dialog.getByLabel('Código de 6 dígitos').fill(await codeFromMail(before));
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/assinar-pela-escola-1366.png' });
    await dialog.getByRole('button', { name: 'Assinar', exact: true }).click();
    const done = dialog.getByRole('status');
    await done.getByText(/A nova versão tem o código/).waitFor();
    signedCode = (await done.locator('strong').innerText()).trim();
    expect(signedCode).toMatch(/^CONT_/);
    await page.screenshot({ path: '/tmp/assinado-pela-escola-1366.png' });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await list.getByRole('button', { name: 'Fechar' }).click();
    // The new version is on the tab with its own code, and its Assinaturas name the secretary.
    const version = page.getByRole('listitem').filter({ hasText: `Código de validação: ${signedCode}` });
    await version.getByRole('button', { name: 'Assinaturas' }).click();
    await list.getByText(/^Administrador \(pela escola\) — \d\d\/\d\d\/\d{4}/).waitFor();
    await page.screenshot({ path: '/tmp/assinaturas-1366.png' });
    await list.getByRole('button', { name: 'Fechar' }).click();
  });

  it('the public page names the signer and checks the signed file (match) and another PDF (no match)', async () => {
    expect(signedCode, 'the signing step ran').not.toBe('');
    const documents = (await api('GET', `/students/${studentId}`, token)).body[0].documents as {
      code: string;
      folder: string;
      file_name: string;
    }[];
    const signed = await pdfOf(
      token,
      documents.find((d) => d.code === signedCode)!,
    );
    const { context, page: visitor } = await newPage(browser, WIDE);
    await visitor.goto(`/verificar/${signedCode}`);
    await visitor.locator('altcha-widget').first().getByText('Eu não sou um robô').click();
    await visitor
      .getByText(/^Assinado eletronicamente por Administrador \(pela escola\) em \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
      .waitFor({ timeout: 30_000 });
    const input = visitor.getByLabel('Arquivo PDF recebido');
    await input.setInputFiles({ name: 'contrato-assinado.pdf', mimeType: 'application/pdf', buffer: signed });
    await see(visitor, 'O arquivo confere com o documento assinado.');
    await accessibleAt(visitor, 'verificar-assinado');
    await input.setInputFiles({ name: 'contrato-sem-assinatura.pdf', mimeType: 'application/pdf', buffer: original });
    await see(visitor, 'O arquivo NÃO confere com o documento assinado');
    await accessibleAt(visitor, 'verificar-outro-arquivo');
    await context.close();
  });
});
