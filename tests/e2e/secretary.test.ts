import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_NOT_IMAGE } from '../../server/school/logo-image';
import { qrCodesOf } from '../support/pdf-qr';
import { pdfText } from '../support/pdf-text';
import { axeProblems } from './support/axe';
import { baseURL, goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, see } from './support/ui';

const SCREEN = { width: 1366, height: 768 };

type Issued = { type: string; code: string; folder: string; file_name: string; revoked_at: string | null };

/** A small blue logo, as a school would send. */
function logoPng(): Buffer {
  const image = new PNG({ width: 120, height: 60 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([30, 90, 168, 255], i);
  return PNG.sync.write(image);
}

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

/**
 * The secretary (issue 35): every document she issues is coded, stored and verifiable; a certificate stating a
 * completion the school's records do not back asks first; 'Apagar' asks and revokes; the logo Administração sends
 * is in the public header.
 */
describe('the secretary issues, revokes and verifies documents', () => {
  const tag = randomUUID().slice(0, 6);
  const name = `Sofia Secretaria ${tag}`;
  const secretary = { email: `sandra.${tag}@escolamodelo.edu.br`, password: 'senha-da-sandra-1' };
  let browser: Browser;
  let page: Page;
  let token: string;
  let studentId: number;
  let team: { id: number; name: string };

  const documentsOf = async () => (await api('GET', `/students/${studentId}`, token)).body[0].documents as Issued[];
  const fileOf = async (d: Issued) => {
    const response = await fetch(`${baseURL()}/api/documents/storage/${d.folder}/${d.file_name}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return Buffer.from(await response.arrayBuffer());
  };
  /**
   * The public page of a code, as anyone who got the document opens it: a browser of its own, with no session. One for
   * the file, opened by the first visit and loading each next code's page anew (a context and its first load less).
   */
  let visitor: Page | undefined;
  const visit = async (code: string) => {
    visitor ??= (await newPage(browser, SCREEN)).page;
    await visitor.goto(`/verificar/${code}`);
    await visitor.locator('altcha-widget').first().getByText('Eu não sou um robô').click();
    return visitor;
  };

  beforeAll(async () => {
    token = await apiToken();
    const user = await api('POST', '/users', token, {
      name: `Sandra Secretaria ${tag}`,
      ...secretary,
      role_id: 3, // the built-in Secretaria (migration 0020_roles)
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    // Enrolled today, no grades, the course running to December: nothing says she completed it.
    const student = await api('POST', '/students', token, { name, birth_date: '2009-04-12' });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    studentId = student.body.data.id;
    team = (await api('GET', '/teams/1', token)).body[0];
    expect((await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id })).status).toBe(201);
    const template = await api('POST', '/text-documents', token, {
      name: `Conclusão ${tag}`,
      content: 'Concluiu o Ensino Médio no ano letivo de [[DATA_ANO]], apto ao prosseguimento de estudos.',
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    browser = await launch();
    ({ page } = await newPage(browser, SCREEN));
    await putSession(page, secretary.email, secretary.password);
  });
  afterAll(async () => {
    // The school's logo back as the other browser tests expect it: none.
    if (token) await api('DELETE', '/school-settings/logo', token);
    await browser?.close();
  });

  it('issues the declaration from Relatórios, coded and stored, and its code verifies on the public page', async () => {
    // The first test loads the app; the next ones move inside it, as its links do (goInApp).
    await goInApp(page, '/admin/reports/declaracao-de-matricula');
    await page.getByRole('combobox', { name: /^Aluno/ }).fill(name);
    await page.getByRole('option', { name: new RegExp(`^${name.toLocaleUpperCase('pt-BR')}`) }).click();
    await page.getByRole('combobox', { name: /^Turma/ }).click();
    await page.getByRole('option', { name: team.name.toLocaleUpperCase('pt-BR'), exact: true }).click();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Gerar', exact: true }).click();
    await downloaded;
    const shown = page.getByRole('status').filter({ hasText: 'Documento emitido' });
    await shown.waitFor();
    const code = (await shown.locator('strong').innerText()).trim();
    expect(code).toMatch(/^DECL_[0-9A-Z]{16}$/);
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/secretary-declaracao.png' });

    const declaration = (await documentsOf()).find((d) => d.code === code)!;
    expect(declaration.type).toBe('DECLARATION');
    const pdf = await fileOf(declaration);
    expect(await pdfText(pdf)).toContain(code);
    expect(qrCodesOf(pdf)[0]).toBe(`${baseURL()}/verificar/${code}`);

    const result = (await visit(code)).getByRole('status');
    await result.getByText(name).waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toContain('Declaração');
  });

  it('asks before a completion certificate for a student who has not completed, then opens its PDF', async () => {
    await goInApp(page, `/admin/alunos/${studentId}/editar`);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('link', { name: 'Gerar certificado' }).click();
    await see(page, 'Criando Certificado');
    await choose(page, 'Matrícula(s)', new RegExp(`^\\d{6} / ${team.name.toLocaleUpperCase('pt-BR')}$`));
    await choose(page, 'Texto de Documentos', `Conclusão ${tag}`);
    await page.getByRole('button', { name: 'Gerar PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmar a emissão' });
    await dialog.getByText(/Emitir o certificado mesmo assim\?/).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/secretary-certificado-confirmar.png' });
    // Cancelled: nothing issued.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await documentsOf()).filter((d) => d.type === 'CERTIFICATE')).toEqual([]);

    // Confirmed: issued, and the PDF opens in a new tab.
    await page.getByRole('button', { name: 'Gerar PDF' }).click();
    const opened = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Emitir mesmo assim' }).click();
    const tab = await opened;
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();
    const certificate = (await documentsOf()).find((d) => d.type === 'CERTIFICATE')!;
    const pdf = await fileOf(certificate);
    const text = await pdfText(pdf);
    expect(text).toContain('apto ao prosseguimento de estudos');
    expect(text).toContain(certificate.code);
    // The date line names the school's city.
    expect(text).toContain('Ananindeua');
    expect(qrCodesOf(pdf)[0]).toBe(`${baseURL()}/verificar/${certificate.code}`);
    await page.getByRole('button', { name: 'Apagar Certificado' }).waitFor();
  });

  it('revokes a history after the confirmation, and its public page says it was revoked', async () => {
    const history = await api('POST', `/documents/${studentId}/history`, token, {
      team_id: team.id,
      city: 'Ananindeua',
      uf: 'PA',
      day: 23,
      month: 11,
      year: '2026',
    });
    expect(history.status, JSON.stringify(history.body)).toBe(201);
    const code = (await documentsOf()).find((d) => d.type === 'HISTORY')!.code;
    await goInApp(page, `/admin/historico/${studentId}/registrar`);
    await choose(page, 'Turma', team.name.toLocaleUpperCase('pt-BR'));
    await page.getByTitle('Histórico escolar emitido').waitFor();
    await page.getByRole('button', { name: 'Apagar histórico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deseja confirmar a ação?' });
    // "Não" keeps it.
    await dialog.getByRole('button', { name: 'Não, cancele!' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await documentsOf()).find((d) => d.code === code)!.revoked_at).toBeNull();
    await page.getByRole('button', { name: 'Apagar histórico' }).click();
    await dialog.getByRole('button', { name: 'Sim, apague!' }).click();
    await expect.poll(async () => (await documentsOf()).find((d) => d.code === code)?.revoked_at).toBeTruthy();

    const visited = await visit(code);
    const alert = visited.getByRole('alert').filter({ hasText: 'Documento revogado' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain('revogado');
    // No more than a valid answer tells: not whose it was.
    expect(await alert.innerText()).not.toContain(name);
    expect(await axeProblems(visited)).toEqual([]);
    await visited.screenshot({ path: '/tmp/secretary-revogado.png', fullPage: true });
  });

  it('Administração uploads the logo, and the public header shows it', async () => {
    const admin = await newPage(browser, SCREEN);
    await putSession(admin.page);
    await admin.page.goto('/admin/configuracoes');
    const logo = admin.page.getByRole('region', { name: 'Logotipo' });
    await logo.getByText('Sem logotipo').waitFor();
    await admin.page.getByLabel('Arquivo do logotipo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logoPng(),
    });
    await logo.getByRole('img', { name: 'Logotipo atual da escola' }).waitFor();
    // A file that is not an image is refused with a clear message.
    await admin.page.getByLabel('Arquivo do logotipo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('não é uma imagem'),
    });
    await logo.getByText(LOGO_NOT_IMAGE).waitFor();
    // The logo sent before stays.
    await logo.getByRole('img', { name: 'Logotipo atual da escola' }).waitFor();
    expect(await axeProblems(admin.page)).toEqual([]);
    await admin.page.screenshot({ path: '/tmp/secretary-logo.png', fullPage: true });
    await admin.context.close();

    const { context, page: visitor } = await newPage(browser, SCREEN);
    await visitor.goto('/verificar/DECL_0000000000000000');
    const header = visitor.locator('header img');
    await header.waitFor();
    const src = await header.getAttribute('src');
    const image = await fetch(new URL(src!, baseURL()));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    await context.close();
  });
});
