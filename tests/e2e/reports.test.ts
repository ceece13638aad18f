import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileReports, reportByPath } from '../../reports';
import { fileExtension, type ReportField } from '../../reports/types';
import { goInApp, launch, newPage, putSession } from './support/browser';
import { api, apiToken, expectUrl } from './support/ui';

/**
 * Every report from its dashboard card, data-driven from the registry: open the card, fill the form with
 * the data seeded here, get the file, and check its fixed name and that it is the right kind of file.
 * `E2E_REPORTS=contract,general` runs only the reports of those keys (e.g. while a builder is missing).
 */
const only = (process.env.E2E_REPORTS ?? '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
const wanted = (key: string) => only.length === 0 || only.includes(key);

const SCREEN = { width: 1366, height: 900 };
// The CSV's first bytes are the UTF-8 byte order mark.
const MAGIC = { xlsx: 'PK\u0003\u0004', pdf: '%PDF-', csv: '\u00ef\u00bb\u00bf' };
const upper = (s: string) => s.toLocaleUpperCase('pt-BR');
const exact = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);

/** Grades of every cell of the team's grid, straight in the e2e database (grade entry is another screen). */
function seedGrades(studentId: number, teamId: number, gridId: number): void {
  const db = new Database(path.join(inject('dataDir'), 'secretaria.db'));
  const rows = db.prepare('select discipline_id, stage_id from grid_templates where grid_id = ?').all(gridId) as {
    discipline_id: number;
    stage_id: number;
  }[];
  const now = new Date().toISOString();
  const insert = db.prepare(
    'insert into grades (student_id, team_id, discipline_id, stage_id, grade, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  rows.forEach((r, i) => insert.run(studentId, teamId, r.discipline_id, r.stage_id, 60 + (i % 5) * 5, now, now));
  db.close();
}

describe('reports from the dashboard cards', () => {
  const tag = randomUUID().slice(0, 6);
  const studentName = `Relatório Aluna ${tag}`;
  let browser: Browser;
  let page: Page;
  let studentId: number;
  let team: { id: number; name: string; grid_id: number };

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, SCREEN));
    const token = await apiToken();
    team = (await api('GET', '/teams/1', token)).body[0];
    const created = await api('POST', '/students', token, { name: studentName, birth_date: '2008-05-20' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    studentId = created.body.data.id;
    const enrolment = await api('POST', '/registrations', token, { student_id: studentId, team_id: team.id });
    expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(201);
    seedGrades(studentId, team.id, team.grid_id);
    // One charge received (transfer report) and one open and overdue (defaulters), both in the forms' period.
    const charges = await api('POST', '/financials', token, {
      registration_id: enrolment.body.data.id,
      value: '350,00',
      due_date: '2026-02-10',
      repetitions: 2,
      service_type_id: 1,
      payment_type_id: 1,
    });
    expect(charges.status, JSON.stringify(charges.body)).toBe(201);
    const first = (await api('GET', `/students/${studentId}`, token)).body[0].registrations[0].financials[0];
    expect((await api('PUT', `/financials/${first.id}`, token, { paid: 1 })).status).toBe(200);
    await putSession(page);
  });
  afterAll(() => browser?.close());

  /** The card of the report on the dashboard (not the menu entry of the same name). */
  async function openFromCard(title: string, path: string) {
    // Inside the app already loaded (a full load of the dashboard for each of the 16 reports took this file 68 s of
    // Chromium's CPU against 47 s); the first report loads it.
    await goInApp(page, '/admin/dashboard');
    await page.getByRole('region', { name: 'Relatórios' }).getByRole('link', { name: title, exact: true }).click();
    await expectUrl(page, new RegExp(`/admin/reports/${path}$`));
  }

  async function fill(field: ReportField) {
    switch (field.kind) {
      case 'team':
      case 'teams':
        await page.getByRole('combobox', { name: exact(field.label) }).fill(team.name.slice(0, 12));
        await page.getByRole('option', { name: upper(team.name), exact: true }).click();
        return;
      case 'student':
        await page.getByRole('combobox', { name: exact(field.label) }).fill(studentName);
        await page.getByRole('option', { name: new RegExp(`^${upper(studentName)}`) }).click();
        return;
      case 'studentTeam':
        await page.getByRole('combobox', { name: exact(field.label) }).click();
        await page.getByRole('option', { name: upper(team.name), exact: true }).click();
        return;
      case 'date':
        await page.getByLabel(exact(field.label)).fill(field.name.startsWith('end') ? '2030-12-31' : '2020-01-01');
        return;
      default:
        // Optional filters keep their defaults.
        return;
    }
  }

  for (const report of fileReports) {
    it.runIf(wanted(report.key))(`${report.title}: card, form, file ${report.fileName}`, async () => {
      await openFromCard(report.title, report.path);
      for (const field of report.fields) if (field.required || field.kind === 'date') await fill(field);
      // A report given in both formats comes as its form starts (the report card on the PDF: issue 34).
      const startsOn = report.fields.find((f) => f.formDefault)?.formDefault;
      const format = report.format === 'xlsx|pdf' ? (startsOn === 'pdf' ? 'pdf' : 'xlsx') : report.format;
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Gerar', exact: true }).click();
      // A completion statement for a team still running is issued once the office confirms it.
      if (report.confirmable) {
        const dialog = page.getByRole('dialog', { name: 'Confirmar a emissão' });
        await dialog.getByText(/a turma só termina em/).waitFor();
        await dialog.getByRole('button', { name: 'Emitir mesmo assim' }).click();
      }
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(`${report.fileName}${fileExtension(format)}`);
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, MAGIC[format].length).toString('latin1'), report.key).toBe(MAGIC[format]);
      await page.getByText(`Arquivo ${report.fileName}${fileExtension(format)} gerado.`).waitFor();
    });
  }

  it.runIf(wanted('general'))(
    'Geral: searches the table, downloads the CSV of the search and opens the student',
    async () => {
      const general = reportByPath('general-report-of-students')!;
      await openFromCard(general.title, general.path);
      await page.getByLabel('Pesquisar').fill(`aluna ${tag}`);
      const row = page.locator('tbody tr', { hasText: upper(studentName) });
      await row.waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      expect(await row.innerText()).toContain(upper(team.name));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('relatorio_geral_de_alunos.csv');
      const csv = fs.readFileSync((await download.path())!);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
      expect(lines).toEqual([
        'Código do aluno;Aluno;Turma;Polo;Responsável;Grade',
        expect.stringContaining(`${studentId};${studentName};${team.name};`),
      ]);
      await row.getByRole('link', { name: upper(studentName) }).click();
      await expectUrl(page, new RegExp(`/admin/alunos/${studentId}/editar$`));
    },
  );
});
