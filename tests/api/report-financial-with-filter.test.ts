import { beforeAll, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { dynamic } from '../../server/db/connection';
import { rowPages } from '../../server/reports/cursor';
import { financialQuery } from '../../server/reports/financial-query';
import { formatBRL, formatDate } from '../../resources/format';
import { pdfText } from '../support/pdf-text';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { ADMIN, describeOnDatabases } from './support/server';

const BASE = '/api/exports/report-financial-with-filter';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/**
 * Fine and interest to today of an open charge under the school's default rules, worked out here apart from the
 * server: 2 % once, 1 % a month pro rata die (1/30 a day), each rounded to the centavo.
 */
function lateFees(cents: number, due: string): number {
  const days = (Date.parse(`${today()}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000;
  return Math.round(cents * 0.02) + Math.round((cents * 0.01 * days) / 30);
}

describeOnDatabases('report files: financial report with filter', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;
  const ids: Record<string, number> = {};
  const registrations: Record<string, number> = {};
  let admin: number;

  async function enrolled(key: string, name: string, teamId: number) {
    const student = (await call('POST', '/api/students', { name })).body.data.id as number;
    ids[key] = student;
    registrations[key] = (
      await call('POST', '/api/registrations', { student_id: student, team_id: teamId })
    ).body.data.id;
  }
  async function charge(key: string, who: string, body: Record<string, unknown>) {
    const created = await call('POST', '/api/financials', {
      registration_id: registrations[who],
      service_type_id: 1,
      payment_type: 4,
      ...body,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids[key] = created.body.data.id;
  }

  beforeAll(async () => {
    await enrolled('ana', 'Ana Júlia Souza', 1);
    await enrolled('bruno', 'Bruno Araújo', 3);
    await enrolled('carla', 'carla Dias', 1);
    await charge('A', 'ana', {
      value: '450,00',
      due_date: '2026-02-10',
      quota: 1,
      paid: 1,
      pay_day: '2026-02-09',
      observations: 'Pago na Secretaria',
    });
    await charge('B', 'ana', {
      value: '450,00',
      due_date: '2026-03-10',
      quota: 2,
      payment_type: 5,
      financial_observation: 'Acordo de 50% do valor',
    });
    await charge('C', 'bruno', {
      value: '1.234,56',
      due_date: '2026-02-28',
      service_type_id: 2,
      payment_type: 3,
      paid: 1,
      pay_day: '2026-03-01',
    });
    await charge('D', 'carla', { value: '99,90', due_date: '2030-01-10', financial_observation: 'Acordo de 50 reais' });
    await charge('E', 'bruno', { value: '0,10', due_date: '2026-01-05', quota: 2 });
    admin = Number(
      (
        await dynamic(shared.server.db)
          .selectFrom('users')
          .select('id')
          .where('email', '=', ADMIN.email)
          .executeTakeFirstOrThrow()
      ).id,
    );
  });

  /** The charge ids of the body rows, in file order, and the sheet's rows. */
  async function sheetOf(query: string) {
    const file = await download(shared, `${BASE}?${query}`);
    expect(file.status, file.content.toString()).toBe(200);
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    const rows = sheetRows(sheet);
    const header = rows.findIndex((r) => r[0] === 'Código');
    const end = rows.findIndex((r) => r[0] === 'TOTAL');
    return { file, sheet, rows, header, body: rows.slice(header + 1, end), totals: rows.slice(end) };
  }
  const charges = async (query: string) => (await sheetOf(query)).body.map((r) => r[0]);

  it('writes every charge by default as a spreadsheet: newest first, office columns, real dates and numbers, status colours, totals', async () => {
    const { file, sheet, rows, header, body, totals } = await sheetOf('');
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(savedName(file.disposition)).toBe('relatorio_financeiro.xlsx');
    expect(rows[0][0]).toBe('Escola Modelo Secretaria');
    expect(rows[1][0]).toBe('RELATÓRIO FINANCEIRO');
    expect(rows.slice(2, header).map((r) => r[0])).toContain('Ordenado por: Código do financeiro (decrescente)');
    expect(rows[header]).toEqual([
      'Código',
      'Matrícula',
      'Aluno',
      'Turma',
      'Serviço',
      'Parcela',
      'Vencimento',
      'Valor',
      'Multa e juros',
      'Total',
      'Situação',
      'Pagamento',
      'Forma de pagamento',
      'Criado por',
      'Observações',
    ]);
    expect(body.map((r) => r[0])).toEqual([ids.E, ids.D, ids.C, ids.B, ids.A]);
    const c = body[2];
    expect(c.slice(0, 6)).toEqual([
      ids.C,
      String(registrations.bruno).padStart(6, '0'),
      'Bruno Araújo',
      'Enfermagem 2026.1',
      'Matrícula',
      1,
    ]);
    expect(c[6]).toEqual(new Date('2026-02-28T00:00:00Z'));
    // Due on a Saturday, paid on the Sunday: no fine, it could be paid on the Monday.
    expect(c.slice(7, 10)).toEqual([1234.56, 0, 1234.56]);
    expect(c.slice(10, 14)).toEqual(['Pago', new Date('2026-03-01T00:00:00Z'), 'Dinheiro', 'Administrador']);
    expect(body[4][14]).toBe('Pago na Secretaria');
    expect(body.map((r) => r[10])).toEqual(['Vencido', 'Em aberto', 'Pago', 'Vencido', 'Pago']);
    // B, R$ 450,00 overdue since 10/03/2026: 2 % fine (R$ 9,00) and 1 % a month pro rata die, R$ 0,15 a day.
    const b = lateFees(45000, '2026-03-10');
    expect(body[3].slice(7, 10)).toEqual([450, b / 100, (45000 + b) / 100]);
    // D is not due yet: nothing added, the value is today's total.
    expect(body[1].slice(7, 10)).toEqual([99.9, 0, 99.9]);
    const first = header + 2;
    expect(sheet.getRow(first).getCell(7).numFmt).toBe('dd/mm/yyyy');
    for (const cell of [8, 9, 10]) expect(sheet.getRow(first).getCell(cell).numFmt).toContain('R$');
    expect(sheet.getRow(first).getCell(11).font?.color?.argb).toBe('FFC62828');
    expect(sheet.getRow(first + 2).getCell(11).font?.color?.argb).toBe('FF2E7D32');
    expect(sheet.getRow(first + 1).getCell(11).font?.color?.argb).toBeUndefined();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header + 1 });
    expect(rows.slice(2, header).map((r) => r[0])).toContain(
      `Multa e juros: até ${formatDate(today())} nas cobranças em aberto, o que foi pago nas pagas. ` +
        'Total: o valor a pagar hoje (com descontos, multa e juros), ou o valor pago.',
    );
    // 0,10 + 99,90 + 1.234,56 + 450,00 + 450,00; paid: 1.234,56 + 450,00. E (R$ 0,10) owes its own cents to date.
    const e = lateFees(10, '2026-01-05');
    const fees = b + e;
    expect(totals.map((r) => [r[0], r[1] ?? '', ...r.slice(7, 10)])).toEqual([
      ['TOTAL', '5 cobranças', 2234.56, fees / 100, (223456 + fees) / 100],
      ['Total pago', '', 1684.56, 0, 1684.56],
      ['Total em aberto', '', 550, fees / 100, (55000 + fees) / 100],
    ]);
  });

  it('applies each filter of the form', async () => {
    expect(await charges('team[]=1')).toEqual([ids.D, ids.B, ids.A]);
    expect(await charges('team[]=1&team[]=3')).toHaveLength(5);
    expect(await charges('payment_type_id[]=3&payment_type_id[]=5')).toEqual([ids.C, ids.B]);
    expect(await charges('start_date=2026-02-01&end_date=2026-02-28')).toEqual([ids.C, ids.A]);
    expect(await charges(`registration_id=${registrations.ana}`)).toEqual([ids.B, ids.A]);
    expect(await charges(`student_id=${ids.bruno}`)).toEqual([ids.E, ids.C]);
    expect(await charges(`student_name=${encodeURIComponent('ARAUJO')}`)).toEqual([ids.E, ids.C]);
    expect(await charges('quota=2')).toEqual([ids.E, ids.B]);
    // Money in reais, as the charges take it: "100" and "100.00" are R$ 100,00, "150,50" as typed.
    expect(await charges('initial_value=450&final_value=1000')).toEqual([ids.B, ids.A]);
    expect(await charges('initial_value=100.00')).toEqual([ids.C, ids.B, ids.A]);
    expect(await charges('final_value=100')).toEqual([ids.E, ids.D]);
    expect(
      await charges(`initial_value=${encodeURIComponent('150,50')}&final_value=${encodeURIComponent('1.234,56')}`),
    ).toEqual([ids.C, ids.B, ids.A]);
    expect(
      await charges(`initial_value=${encodeURIComponent('99,90')}&final_value=${encodeURIComponent('450,00')}`),
    ).toEqual([ids.D, ids.B, ids.A]);
    expect(await charges('paid=1')).toEqual([ids.C, ids.A]);
    expect(await charges('paid=0')).toEqual([ids.E, ids.D, ids.B]);
    expect(await charges('observations=secretaria')).toEqual([ids.A]);
    // '%' is the character itself, not a wildcard.
    expect(await charges(`financial_observation=${encodeURIComponent('50%')}`)).toEqual([ids.B]);
    expect(await charges('service_type_id=2')).toEqual([ids.C]);
    expect(await charges('start_pay_day=2026-02-01&end_pay_day=2026-02-28')).toEqual([ids.A]);
    expect(await charges(`user_id=${admin}`)).toHaveLength(5);
    expect(await charges(`updated_user_id=${admin}`)).toHaveLength(5);
    expect(await charges(`paid_by_user_id=${admin}`)).toEqual([ids.C, ids.A]);
    expect(await charges('user_id=999999')).toEqual([]);
    expect(await charges(`start_created_at=${today()}&end_created_at=${today()}`)).toHaveLength(5);
    expect(await charges('end_created_at=2020-01-01')).toEqual([]);
    expect(await charges('team[]=1&paid=0&payment_type_id[]=4')).toEqual([ids.D]);
  });

  it('says which filters made the file', async () => {
    const { rows, header } = await sheetOf(
      `team[]=1&team[]=3&paid=0&initial_value=10&student_name=ana&_field_order=f.due_date&_direction=asc`,
    );
    expect(rows.slice(2, header).map((r) => r[0])).toEqual([
      'Turmas: Turma Médio 2026 A, Enfermagem 2026.1',
      'Nome do aluno contém: “ana”',
      'Valor de: R$ 10,00',
      'Situação: Em aberto',
      'Ordenado por: Data de vencimento (crescente)',
      expect.stringMatching(/^Multa e juros: até /),
      expect.stringMatching(/^Gerado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    ]);
  });

  it('orders by the chosen field and direction, ties by charge, empty values last', async () => {
    expect(await charges('_field_order=f.value_cents&_direction=asc')).toEqual([ids.E, ids.D, ids.A, ids.B, ids.C]);
    expect(await charges('_field_order=s.name&_direction=asc')).toEqual([ids.A, ids.B, ids.C, ids.E, ids.D]);
    expect(await charges('_field_order=f.pay_day&_direction=desc')).toEqual([ids.C, ids.A, ids.E, ids.D, ids.B]);
    expect(await charges('_field_order=f.pay_day&_direction=asc')).toEqual([ids.A, ids.C, ids.B, ids.D, ids.E]);
    expect(await charges('_field_order=f.due_date&_direction=asc')).toEqual([ids.E, ids.A, ids.C, ids.B, ids.D]);
    expect(await charges('_field_order=r.id&_direction=asc')).toEqual([ids.A, ids.B, ids.C, ids.E, ids.D]);
  });

  it('refuses an order outside the list, a bad direction or format, and ranges that end before they start', async () => {
    for (const order of ['f.gateway_response', 'id; drop table financials', 'f.id desc, (select 1)']) {
      const answer = await download(shared, `${BASE}?_field_order=${encodeURIComponent(order)}`);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.json?.errors ?? {})).toEqual(['_field_order']);
    }
    const bad = await download(shared, `${BASE}?_direction=sideways&type_print=doc`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json?.errors ?? {}).sort()).toEqual(['_direction', 'type_print']);
    const backwards = await download(
      shared,
      `${BASE}?start_date=2026-03-01&end_date=2026-02-01&initial_value=500&final_value=100`,
    );
    expect(backwards.status).toBe(422);
    expect(backwards.json?.errors).toEqual({
      end_date: ['O campo Vencimento até não pode ser anterior ao campo Vencimento de.'],
      final_value: ['O campo Valor até não pode ser anterior ao campo Valor de.'],
    });
    const money = await download(shared, `${BASE}?initial_value=12,345&final_value=-5`);
    expect(money.json?.errors).toEqual({
      initial_value: ['O campo Valor de deve ser um valor em reais, como 1.234,56.'],
      final_value: ['O campo Valor até deve ser um valor em reais, como 1.234,56.'],
    });
    const teams = await download(shared, `${BASE}?team[]=1&team[]=abc`);
    expect(teams.status).toBe(422);
    expect(Object.keys(teams.json?.errors ?? {})).toEqual(['team']);
  });

  it('writes the same rows as a landscape PDF with the total', async () => {
    const file = await download(shared, `${BASE}?type_print=pdf&team[]=1&_field_order=f.id&_direction=asc`);
    expect(file.status, file.content.toString()).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(savedName(file.disposition)).toBe('relatorio_financeiro.pdf');
    const pdf = await getDocument({ data: new Uint8Array(file.content), isEvalSupported: false }).promise;
    const [, , width, height] = (await pdf.getPage(1)).view;
    await pdf.destroy();
    expect(width).toBeGreaterThan(height);
    const text = await pdfText(file.content);
    expect(text).toContain('RELATÓRIO FINANCEIRO');
    expect(text).toContain('Turmas: Turma Médio 2026 A');
    expect(text).toMatch(
      /Código\s*Matrícula\s*Aluno\s*Turma\s*Serviço\s*Parcela\s*Vencimento\s*Valor\s*Multa e juros\s*Total\s*Situação\s*Pagamento\s*Forma de pagamento\s*Criado por\s*Observações/,
    );
    expect(text).toMatch(
      new RegExp(
        `${ids.A}\\s*${String(registrations.ana).padStart(6, '0')}\\s*Ana Júlia Souza\\s*Turma Médio 2026 A\\s*Mensalidade\\s*1\\s*10/02/2026\\s*R\\$ 450,00\\s*R\\$ 0,00\\s*R\\$ 450,00\\s*Pago\\s*09/02/2026\\s*Boleto\\s*Administrador\\s*Pago na Secretaria`,
      ),
    );
    expect(text.indexOf('Ana Júlia Souza')).toBeLessThan(text.indexOf('carla Dias'));
    expect(text).not.toContain('Bruno Araújo');
    const open = formatBRL(54990 + lateFees(45000, '2026-03-10'));
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Total: R$ 999,90 (3 cobranças) — pago: R$ 450,00 (recebido, com multa e juros: R$ 450,00) — ' +
        `em aberto: R$ 549,90 (hoje, com multa e juros: ${open})`,
    );
  });

  it("reads the rows through a cursor in pages, in the query's order, and lets go of the connection when stopped early", async () => {
    const db = shared.server.db;
    const query = financialQuery(db, { _field_order: 'f.value_cents', _direction: 'asc' });
    const whole = (await query.execute()).map((r) => Number(r.id));
    const pages: number[][] = [];
    for await (const page of rowPages(db, query, 2)) pages.push(page.map((r) => Number(r.id)));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(whole);
    for await (const page of rowPages(db, query, 2)) {
      expect(page).toHaveLength(2);
      break;
    }
    // Stopping early closed the cursor's transaction: the same database answers the next query.
    expect((await query.execute()).length).toBe(5);
  });
});

// Apart, on its own server: the tests above count every charge of theirs, and `npm test` shuffles their order.
describeOnDatabases('report files: financial report with filter, late fees and scholarships', (dialect) => {
  const shared = serverPerFile(dialect);
  const call = shared.call;

  it('shows what a late payment paid of fine and interest, and the scholarship in what is due today', async () => {
    const student = (await call('POST', '/api/students', { name: 'Diego Lima' })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 2 })).body.data.id;
    const granted = await call('PUT', `/api/registrations/${registration}/scholarship`, {
      kind: 'percent',
      value: 10,
      reason: 'Irmãos na escola',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const create = async (body: Record<string, unknown>) =>
      (
        await call('POST', '/api/financials', {
          registration_id: registration,
          service_type_id: 1,
          payment_type: 4,
          ...body,
        })
      ).body.data.id as number;
    // Paid 15 days late (10/04 → 25/04/2026) on R$ 200,00 less 10 %: R$ 180,00 + 3,60 fine + 0,90 interest.
    const late = await create({ value: '200,00', due_date: '2026-04-10', paid: 1, pay_day: '2026-04-25', quota: 1 });
    const open = await create({ value: '500,00', due_date: '2026-03-10', quota: 2 });
    const file = await download(shared, `${BASE}?registration_id=${registration}&_field_order=f.id&_direction=asc`);
    expect(file.status, file.content.toString()).toBe(200);
    const rows = sheetRows((await readWorkbook(file.content)).worksheets[0]);
    const end = rows.findIndex((r) => r[0] === 'TOTAL');
    const body = rows.slice(rows.findIndex((r) => r[0] === 'Código') + 1, end);
    const totals = rows.slice(end);
    expect(body.map((r) => [r[0], ...r.slice(7, 11)])).toEqual([
      [late, 200, 4.5, 184.5, 'Pago'],
      [open, 500, lateFees(45000, '2026-03-10') / 100, (45000 + lateFees(45000, '2026-03-10')) / 100, 'Vencido'],
    ]);
    expect(totals[1].slice(7, 10)).toEqual([200, 4.5, 184.5]);
  });

  it('lists a charge whose due date is no calendar day (stored before dates were checked) at its value', async () => {
    const student = (await call('POST', '/api/students', { name: 'Data Antiga Souza' })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: 2 })).body.data.id;
    const now = new Date().toISOString();
    await dynamic(shared.server.db)
      .insertInto('financials')
      .values({
        registration_id: registration,
        value_cents: 31000,
        due_date: '2026-02-30',
        quota: 1,
        paid: 0,
        service_type_id: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const file = await download(shared, `${BASE}?registration_id=${registration}`);
    expect(file.status, file.content.toString()).toBe(200);
    const rows = sheetRows((await readWorkbook(file.content)).worksheets[0]);
    const row = rows.find((r) => r[7] === 310)!;
    expect(row.slice(8, 10)).toEqual([0, 310]);
  });
});
