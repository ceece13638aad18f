import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '../../resources/text';
import { axeProblems } from './support/axe';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

const randomCpf = () => {
  const base = String(randomInt(100_000_000, 999_999_999));
  return base + cpfCheckDigits(base);
};

/**
 * An invitation handed over in person (issue 35). The secretary, at her desk, shows a mother the link once on the
 * screen (never in the outbox), then prints the letter with its one-time code; the mother, on her phone, finds the
 * link shown earlier refused as soon as she opens it (the letter replaced it), and activates her access by typing the
 * letter's e-mail and code at /portal/ativar, then signs in.
 */
describe('an invitation handed over in person', () => {
  const tag = randomUUID().slice(0, 8);
  const mother = {
    name: `Joana Batista ${tag}`,
    email: `joana.${tag}@familia.com.br`,
    password: 'senha-da-joana-1',
  };
  let browser: Browser;
  let desk: Page;
  let phone: Page;
  let token: string;
  let guardianId: number;
  /** What the secretary handed over: the link shown on the screen, and the letter's code. */
  const handed = { link: '', code: '' };

  beforeAll(async () => {
    token = await apiToken();
    const year = Number(new Date().toISOString().slice(0, 4));
    const student = await api('POST', '/students', token, {
      name: `Pedro Batista ${tag}`,
      birth_date: `${year - 9}-02-14`,
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const guardian = await api('POST', '/guardians', token, {
      name: mother.name,
      email: mother.email,
      cpf: randomCpf(),
      phone: '91987651234',
    });
    expect(guardian.status, JSON.stringify(guardian.body)).toBe(201);
    guardianId = guardian.body.data.id;
    const linked = await api('POST', `/students/${student.body.data.id}/guardians`, token, {
      guardian_id: guardianId,
      kinship: 'mae',
      financial_responsible: true,
      pedagogical_responsible: true,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    browser = await launch();
    ({ page: desk } = await newPage(browser, { width: 1366, height: 768 }));
    ({ page: phone } = await newPage(browser, { width: 390, height: 844 }));
    await putSession(desk);
  });
  afterAll(() => browser?.close());

  it('the secretary shows the link once, copied or as a QR code, and it never reaches the outbox', async () => {
    await goInApp(desk, `/admin/responsaveis/${guardianId}/editar`);
    await desk.getByRole('button', { name: `Convidar para o portal: ${mother.name}` }).click();
    const dialog = desk.getByRole('dialog', { name: `Convidar ${mother.name} para o portal` });
    await dialog.getByRole('button', { name: 'Mostrar o link agora' }).click();
    const shown = dialog.getByLabel('Link do convite');
    await shown.waitFor();
    handed.link = await shown.inputValue();
    expect(handed.link).toMatch(/\/portal\/ativar\?token=[\w-]{20,}$/);
    await dialog.getByRole('img', { name: 'QR code do link do convite' }).waitFor();
    expect(await dialog.getByRole('link', { name: /Enviar por WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent(handed.link),
    );
    expect(await axeProblems(desk)).toEqual([]);
    await desk.screenshot({ path: '/tmp/convite-link.png' });
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await see(desk, /^Convidado em /);

    // Shown once: the outbox (what the office can read of mail) has nothing of it.
    const outbox = await api('GET', `/outbox?search=${encodeURIComponent(mother.email)}`, token);
    expect(outbox.status).toBe(200);
    expect(outbox.body.data).toEqual([]);
    expect(JSON.stringify(outbox.body)).not.toContain(new URL(handed.link).searchParams.get('token')!);
  });

  it('the secretary prints the letter, whose PDF has the e-mail and the one-time code', async () => {
    await desk.getByRole('button', { name: `Reenviar convite: ${mother.name}` }).click();
    const dialog = desk.getByRole('dialog', { name: `Convidar ${mother.name} para o portal` });
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Imprimir carta com código' }).click(),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'convite-')), 'convite.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Convite para o Portal das famílias');
    expect(text).toContain(`E-mail de acesso: ${mother.email}`);
    handed.code = /Código de convite ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1] ?? '';
    expect(handed.code, text).not.toBe('');
    await see(desk, /Carta do convite baixada/);
  });

  it('on her phone, the link shown earlier says at once that it no longer works', async () => {
    await phone.goto(handed.link);
    await see(phone, 'Este link de convite expirou ou já foi usado. Peça um novo à secretaria.');
    expect(await phone.getByLabel('Senha', { exact: true }).count()).toBe(0);
    expect(await axeProblems(phone)).toEqual([]);
    await phone.screenshot({ path: '/tmp/portal-link-usado.png' });
  });

  it('she types the letter’s e-mail and code at /portal/ativar, sets her password and signs in', async () => {
    await phone.getByRole('link', { name: 'Tenho um código de convite' }).click();
    await phone.waitForURL('**/portal/ativar');
    await phone.getByLabel('E-mail').fill(mother.email);
    // Typed as people do: small letters, no dash.
    await phone.getByLabel('Código de convite').fill(handed.code.replace('-', '').toLowerCase());
    expect(await phone.getByLabel('Código de convite').inputValue()).toBe(handed.code);
    await phone.getByLabel('Senha', { exact: true }).fill(mother.password);
    await phone.getByLabel('Repita a senha').fill(mother.password);
    expect(await axeProblems(phone)).toEqual([]);
    await phone.screenshot({ path: '/tmp/portal-ativar-codigo.png' });
    await phone.getByRole('button', { name: 'Ativar acesso' }).click();
    await see(phone, 'Senha definida.');

    // Single use: the same code again is refused.
    const again = await fetch(new URL('/api/portal/activate', handed.link), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: mother.email, code: handed.code, password: 'outra-senha-99' }),
    });
    expect(again.status).toBe(422);

    await phone.getByRole('link', { name: 'Ir para o login' }).click();
    await phone.getByLabel('E-mail').fill(mother.email);
    await phone.getByLabel('Senha').fill(mother.password);
    await phone.getByRole('button', { name: 'Entrar' }).click();
    await phone.getByRole('heading', { name: /^Olá, Joana!/ }).waitFor();
  });

  it('a new student’s form asks the financial responsible’s address, at the desk and on a phone', async () => {
    // Inside the app the first test loaded, as its menu goes.
    await goInApp(desk, '/admin/alunos/registrar');
    const section = desk.getByRole('region', { name: 'Responsável' });
    await section.getByLabel('CPF do responsável').fill(randomCpf());
    await section.getByRole('textbox', { name: /Nome do responsável/ }).waitFor();
    await section.getByRole('checkbox', { name: 'Mesmo endereço do aluno' }).uncheck();
    await section.getByLabel('CEP do responsável').fill('66000000');
    await section.getByLabel('CEP do responsável').blur();
    // Filled by the CEP lookup (the local ViaCEP of the tests).
    await expect
      .poll(() => section.getByLabel('Logradouro do responsável').inputValue())
      .toBe('Avenida Presidente Vargas');
    await section.getByLabel('Número do responsável').fill('1010');
    expect(await axeProblems(desk)).toEqual([]);
    await section.screenshot({ path: '/tmp/aluno-responsavel-endereco.png' });
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.screenshot({ path: '/tmp/aluno-responsavel-endereco-celular.png', fullPage: true });
  });
});
