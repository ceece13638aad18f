import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMask, cpfCheckDigits, isValidCpf } from '../../resources/text';
import { launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

/** A valid CPF with random digits: the e2e database is shared, and CPFs are unique in it. */
function randomCpf(): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => randomInt(10)).join('');
    const cpf = base + cpfCheckDigits(base);
    // 000.000.000-00 and the like have valid digits but are not CPFs.
    if (isValidCpf(cpf)) return cpf;
  }
}

describe("a student's issued document, moved to another student; the student's data exported", () => {
  const tag = randomUUID().slice(0, 8);
  const from = { name: `Origem Transferência ${tag}`, cpf: randomCpf(), id: 0 };
  const to = { name: `Destino Transferência ${tag}`, cpf: randomCpf(), id: 0 };
  const file = `${randomUUID()}.pdf`;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser));
    token = await apiToken();
    for (const student of [from, to]) {
      const created = await api('POST', '/students', token, { name: student.name, cpf: student.cpf });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      student.id = created.body.data.id;
    }
    // Documents are issued by screens still to come: the row and the file as they will leave them.
    const dataDir = inject('dataDir');
    fs.mkdirSync(path.join(dataDir, 'storage', 'documents'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'storage', 'documents', file), '%PDF-1.4\n%%EOF\n');
    const db = new Database(path.join(dataDir, 'secretaria.db'));
    const now = new Date().toISOString();
    db.prepare(
      "insert into documents (student_id, type, code, folder, file_name, created_at, updated_at) values (?, 'CERTIFICATE', ?, 'certificate', ?, ?, ?)",
    ).run(from.id, `CERT_E2E_${tag}`, file, now, now);
    db.close();
    await putSession(page);
  });
  afterAll(() => browser?.close());

  it('transfers the document through the dialog, searching the other student by name', async () => {
    await page.goto(`/admin/alunos/${from.id}/editar`);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    const documents = page.getByRole('list', { name: 'Documentos emitidos' });
    await documents.getByText(`Código de validação: CERT_E2E_${tag}`).waitFor();
    await documents.getByText(/^Certificado — emitido em \d\d\/\d\d\/\d{4}$/).waitFor();
    await documents.getByRole('button', { name: 'Transferir para outro aluno' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transferir documento' });
    await dialog.waitFor();
    // The student being edited is never offered as the destination.
    await dialog.getByLabel('Aluno de destino').fill(`origem transferencia ${tag}`);
    await page.getByText('Nenhum aluno encontrado').waitFor();
    await dialog.getByLabel('Aluno de destino').fill(`destino transferencia ${tag}`);
    const option = page.getByRole('option', {
      name: `${to.name.toLocaleUpperCase('pt-BR')} — ${applyMask(to.cpf, '###.###.###-##')}`,
    });
    await option.waitFor();
    await option.click();
    await dialog.getByRole('button', { name: 'Transferir', exact: true }).click();
    await see(page, 'Documento transferido com sucesso!');
    await dialog.waitFor({ state: 'hidden' });
    await see(page, 'Nenhum documento emitido para este aluno.');
    const documentsOf = async (id: number) =>
      (await api('GET', `/students/${id}`, token)).body[0].documents as { file_name: string }[];
    expect(await documentsOf(to.id)).toEqual([expect.objectContaining({ type: 'CERTIFICATE', file_name: file })]);
    expect(await documentsOf(from.id)).toEqual([]);
  });

  it('downloads the LGPD export as aluno-{id}-dados.json with the student data', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar dados (LGPD)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`aluno-${from.id}-dados.json`);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(exported.student).toMatchObject({ id: from.id, name: from.name, cpf: from.cpf });
    expect(exported.documents).toEqual([]);
  });
});
