import { beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { describeOnDatabases } from './support/server';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONTHS = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];

/** `yyyy-mm` of the school's current month moved by `delta` months. */
function monthFromNow(delta: number): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('-')
    .map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const label = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]}/${month.slice(0, 4)}`;

describeOnDatabases('financial reports: per team and transfer', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  const registrations: Record<string, number> = {};

  async function enrol(name: string, team: number) {
    const student = (await call('POST', '/api/students', { name })).body.data.id;
    registrations[name] = (
      await call('POST', '/api/registrations', { student_id: student, team_id: team })
    ).body.data.id;
  }
  async function charge(name: string, body: Record<string, unknown>) {
    const created = await call('POST', '/api/financials', {
      registration_id: registrations[name],
      service_type_id: 1,
      ...body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  beforeAll(async () => {
    // Each test reads a team of its own (1: the matrix, 3: the transfer report), so they pass in any order.
    for (const name of ['Carlos Mendes', 'Ágata Lins', 'bruno costa']) await enrol(name, 1);
    for (const name of ['caio nunes', 'Bruna Reis']) await enrol(name, 3);
    await enrol('Outra Turma', 2);
  });

  it('makes the students × due months matrix of tuition: paid green, overdue red, exact totals per student and month', async () => {
    // Carlos: six monthly charges from three months ago; the first paid, the next two overdue.
    const carlos = await charge('Carlos Mendes', {
      value: '450,00',
      due_date: `${monthFromNow(-3)}-10`,
      repetitions: 6,
    });
    expect((await call('PUT', `/api/financials/${carlos[0].id}`, { paid: 1 })).status).toBe(200);
    // Ágata: two charges in the same month (summed in one cell) and one that is not tuition (left out).
    await charge('Ágata Lins', { value: '0,10', due_date: `${monthFromNow(-1)}-05`, paid: 1 });
    await charge('Ágata Lins', { value: '0,20', due_date: `${monthFromNow(-1)}-20`, paid: 1 });
    await charge('Ágata Lins', { value: '99,00', due_date: `${monthFromNow(-5)}-01`, service_type_id: 3 });
    await charge('Outra Turma', { value: '1.000,00', due_date: `${monthFromNow(-6)}-01` });

    const file = await download(shared, '/api/exports/report-financial-by-team/1');
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe(XLSX);
    expect(savedName(file.disposition)).toBe('relatorio_financeiro_por_turma.xlsx');
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    const rows = sheetRows(sheet);
    expect(rows[1][0]).toBe('RELATÓRIO FINANCEIRO POR TURMA');
    expect(rows[2][0]).toBe('Turma: Turma Médio 2026 A');
    const header = rows.findIndex((r) => r[0] === 'Nº');
    const months = [-3, -2, -1, 0, 1, 2].map(monthFromNow);
    expect(rows[header]).toEqual(['Nº', 'ALUNO', ...months.map(label), 'TOTAL']);
    const body = rows.slice(header + 1);
    expect(body).toEqual([
      [1, 'ÁGATA LINS', undefined, undefined, 0.3, undefined, undefined, undefined, 0.3],
      [2, 'BRUNO COSTA', undefined, undefined, undefined, undefined, undefined, undefined, 0],
      [3, 'CARLOS MENDES', 450, 450, 450, 450, 450, 450, 2700],
      [undefined, 'TOTAL', 450, 450, 450.3, 450, 450, 450, 2700.3],
    ]);

    const fill = (row: number, col: number) => {
      const f = sheet.getRow(header + 1 + row).getCell(col).fill;
      return f && f.type === 'pattern' ? f.fgColor?.argb : undefined;
    };
    const GREEN = 'FFC6EFCE';
    const RED = 'FFFFC7CE';
    expect([fill(3, 3), fill(3, 4), fill(3, 5), fill(3, 7), fill(3, 8)]).toEqual([
      GREEN,
      RED,
      RED,
      undefined,
      undefined,
    ]);
    expect(fill(1, 5)).toBe(GREEN);
    expect(sheet.getRow(header + 2).getCell(5).numFmt).toBe('"R$" #,##0.00;[Red]-"R$" #,##0.00');

    expect((await download(shared, '/api/exports/report-financial-by-team/999999')).status).toBe(404);
  });

  it('still answers the matrix when a charge due in year 0026 was stored before dates were checked', async () => {
    // Team 2 ('Outra Turma'): a mistyped year written straight into the database, as an older version let in.
    await dynamic(shared.server.db)
      .insertInto('financials')
      .values({
        registration_id: registrations['Outra Turma'],
        value_cents: 12345,
        due_date: '0026-03-10',
        quota: 1,
        paid: 0,
        service_type_id: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const file = await download(shared, '/api/exports/report-financial-by-team/2');
    expect(file.status, file.content.toString()).toBe(200);
    const rows = sheetRows((await readWorkbook(file.content)).worksheets[0]);
    const header = rows.find((r) => r[0] === 'Nº')!;
    expect(header).toContain('MAR/0026');
    expect(header.at(-1)).toBe('TOTAL');
    // Only the months that have tuition, not the 24 000 months between year 26 and 2026.
    expect(header.length).toBeLessThan(30);
    expect(rows.find((r) => r[1] === 'OUTRA TURMA')).toContain(123.45);
    // The filtered report lists it too, the day as text (a spreadsheet holds no date before 1900).
    const filtered = await download(shared, '/api/exports/report-financial-with-filter?type_print=xlsx&team[]=2');
    expect(filtered.status, filtered.content.toString()).toBe(200);
    expect(sheetRows((await readWorkbook(filtered.content)).worksheets[0]).find((r) => r.includes(123.45))).toContain(
      '10/03/0026',
    );
    const pdf = await download(shared, '/api/exports/report-financial-with-filter?type_print=pdf&team[]=2');
    expect(pdf.status, pdf.content.toString()).toBe(200);
  });

  it('lists the charges of the team received in the period, with the spec columns and a total row', async () => {
    await charge('caio nunes', {
      value: '350,00',
      quota: 3,
      due_date: '2026-03-10',
      paid: 1,
      pay_day: '2026-03-08',
      payment_type: 5,
      observations: 'Pago adiantado',
    });
    await charge('Bruna Reis', {
      value: '1.234,56',
      quota: 7,
      due_date: '2026-02-28',
      paid: 1,
      pay_day: '2026-03-31',
      payment_type: 3,
    });
    await charge('Bruna Reis', { value: '10,00', due_date: '2026-03-15' }); // not received
    await charge('Bruna Reis', { value: '20,00', due_date: '2026-02-10', paid: 1, pay_day: '2026-04-01' }); // after the period
    await charge('Outra Turma', { value: '30,00', due_date: '2026-03-10', paid: 1, pay_day: '2026-03-10' }); // another team

    const file = await download(shared, '/api/exports/transfer-report/3/start_date/2026-03-01/end_date/2026-03-31');
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe(XLSX);
    expect(savedName(file.disposition)).toBe('relatorio_de_repasse.xlsx');
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', fitToWidth: 1 });
    const rows = sheetRows(sheet);
    expect(rows[1][0]).toBe('RELATÓRIO DE CONTAS RECEBIDAS / TÉCNICO EM ENFERMAGEM / ENFERMAGEM 2026.1');
    expect(rows[2][0]).toBe('Período: 01/03/2026 a 31/03/2026');
    expect(rows[3][0]).toMatch(/^Gerado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(rows[4][0]).toBe('Número de títulos: 2');
    const header = rows.findIndex((r) => r[0] === 'Matrícula/Cliente');
    expect(rows[header]).toEqual([
      'Matrícula/Cliente',
      'Turma',
      'Aluno',
      'Obs',
      'Descrição',
      'Valor até venc.',
      'Dt. venc.',
      'Valor recebido',
      'Repasse',
      'Dt. recebido',
      'Forma pgto',
      'Usuário recebimento',
    ]);
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    const number = (name: string) => String(registrations[name]).padStart(6, '0');
    // By the day received: the 8th before the 31st.
    expect(rows.slice(header + 1)).toEqual([
      [
        number('caio nunes'),
        'Enfermagem 2026.1',
        'CAIO NUNES',
        'Pago adiantado',
        '(3) Mensalidade — MARÇO/2026',
        350,
        day('2026-03-10'),
        350,
        undefined,
        day('2026-03-08'),
        'PIX',
        'Administrador',
      ],
      [
        number('Bruna Reis'),
        'Enfermagem 2026.1',
        'BRUNA REIS',
        undefined,
        '(7) Mensalidade — FEVEREIRO/2026',
        1234.56,
        day('2026-02-28'),
        1234.56,
        undefined,
        day('2026-03-31'),
        'Dinheiro',
        'Administrador',
      ],
      ['TOTAL', undefined, undefined, undefined, '2 título(s)', 1584.56, undefined, 1584.56],
    ]);
    expect(sheet.getRow(header + 2).getCell(7).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(header + 2).getCell(6).numFmt).toBe('"R$" #,##0.00;[Red]-"R$" #,##0.00');
  });

  it('answers the check when nothing was received, 422 for a period that ends before it starts, 404 for a missing team', async () => {
    const none = await download(shared, '/api/exports/transfer-report/3/start_date/2020-01-01/end_date/2020-01-31');
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ error: true, message: 'Não há contas recebidas desta turma no período informado.' });

    const backwards = await download(
      shared,
      '/api/exports/transfer-report/1/start_date/2026-03-31/end_date/2026-03-01',
    );
    expect(backwards.status).toBe(422);
    expect(backwards.json?.errors).toEqual({ end_date: ['A data final deve ser igual ou posterior à data inicial.'] });

    const badDate = await download(shared, '/api/exports/transfer-report/1/start_date/2026-02-30/end_date/2026-03-01');
    expect(badDate.status).toBe(422);
    expect(badDate.json?.errors).toEqual({ start_date: ['O campo Data inicial deve ser uma data válida.'] });

    const missing = await download(
      shared,
      '/api/exports/transfer-report/999999/start_date/2026-03-01/end_date/2026-03-31',
    );
    expect(missing.status).toBe(404);
    expect(missing.json?.message).toBe('Turma não encontrada.');
  });
});
