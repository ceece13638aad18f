import { beforeAll, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { dynamic } from '../../server/db/connection';
import { rowPages } from '../../server/reports/cursor';
import { financialQuery } from '../../server/reports/financial-query';
import { pdfText } from '../support/pdf-text';
import { serverPerFile } from './support/per-test';
import { download, readWorkbook, savedName, sheetRows } from './support/reports';
import { ADMIN, describeOnDatabases } from './support/server';

const BASE = '/api/exports/report-financial-with-filter';

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
    expect(c[7]).toBe(1234.56);
    expect(c.slice(8, 12)).toEqual(['Pago', new Date('2026-03-01T00:00:00Z'), 'Dinheiro', 'Administrador']);
    expect(body[4][12]).toBe('Pago na Secretaria');
    expect(body.map((r) => r[8])).toEqual(['Vencido', 'Em aberto', 'Pago', 'Vencido', 'Pago']);
    const first = header + 2;
    expect(sheet.getRow(first).getCell(7).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(first).getCell(8).numFmt).toContain('R$');
    expect(sheet.getRow(first).getCell(9).font?.color?.argb).toBe('FFC62828');
    expect(sheet.getRow(first + 2).getCell(9).font?.color?.argb).toBe('FF2E7D32');
    expect(sheet.getRow(first + 1).getCell(9).font?.color?.argb).toBeUndefined();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header + 1 });
    // 0,10 + 99,90 + 1.234,56 + 450,00 + 450,00; paid: 1.234,56 + 450,00.
    expect(totals.map((r) => [r[0], r[1] ?? '', r[7]])).toEqual([
      ['TOTAL', '5 cobranças', 2234.56],
      ['Total pago', '', 1684.56],
      ['Total em aberto', '', 550],
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
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await charges(`start_created_at=${today}&end_created_at=${today}`)).toHaveLength(5);
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
      /Código\s*Matrícula\s*Aluno\s*Turma\s*Serviço\s*Parcela\s*Vencimento\s*Valor\s*Situação\s*Pagamento\s*Forma de pagamento\s*Criado por\s*Observações/,
    );
    expect(text).toMatch(
      new RegExp(
        `${ids.A}\\s*${String(registrations.ana).padStart(6, '0')}\\s*Ana Júlia Souza\\s*Turma Médio 2026 A\\s*Mensalidade\\s*1\\s*10/02/2026\\s*R\\$ 450,00\\s*Pago\\s*09/02/2026\\s*Boleto\\s*Administrador\\s*Pago na Secretaria`,
      ),
    );
    expect(text.indexOf('Ana Júlia Souza')).toBeLessThan(text.indexOf('carla Dias'));
    expect(text).not.toContain('Bruno Araújo');
    expect(text).toContain('Total: R$ 999,90 (3 cobranças) — pago: R$ 450,00 — em aberto: R$ 549,90');
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
