import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamic } from '../../server/db/connection';
import { schoolDayOf } from '../../resources/format';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** Enrolments, charges and grades from spreadsheets as an office sends them (issue 37). */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const csv = (rows: string[][], sep = ';') => rows.map((r) => r.join(sep)).join('\r\n') + '\r\n';
const utf8Bom = (rows: string[][]) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(rows), 'utf8')]);
// What Excel in Portuguese saves as "CSV (separado por vírgulas)": `;`, since the comma is the decimal mark.
const windows1252 = (rows: string[][]) => Buffer.from(csv(rows), 'latin1');

// In the order a school moves in, never shuffled: the enrolments imported first are what the charges and grades name.
describeOnDatabases(
  'spreadsheet imports: enrolments, charges and grades',
  (dialect) => {
    let server: TestServer;
    let admin: string;
    /** A team whose grid has a discipline in a stage, and two students (one found by CPF, one by name and birth). */
    const ids = { team: 0, ana: 0, bruno: 0, discipline: 0, stageId: 0 };
    const names = { team: '', discipline: '', stage: 0, paymentType: '' };

    beforeAll(async () => {
      server = await startServer(dialect, { jobs: { pollMs: 50 } });
      admin = await server.session();
      const slot = await dynamic(server.db)
        .selectFrom('teams as t')
        .innerJoin('grid_templates as g', 'g.grid_id', 't.grid_id')
        .innerJoin('disciplines as d', 'd.id', 'g.discipline_id')
        .innerJoin('stages as s', 's.id', 'g.stage_id')
        .select(['t.id as team', 't.name as team_name', 'd.id as discipline', 'd.name', 's.id as stage_id', 's.stage'])
        .orderBy('t.id')
        .executeTakeFirstOrThrow();
      Object.assign(ids, { team: slot.team, discipline: slot.discipline, stageId: slot.stage_id });
      Object.assign(names, { team: slot.team_name, discipline: slot.name, stage: Number(slot.stage) });
      const as = (body: unknown) => server.request('POST', '/api/students', { token: admin, body });
      ids.ana = (await as({ name: 'Ana Importada', cpf: '52998224725', birth_date: '2012-03-14' })).body.data.id;
      ids.bruno = (await as({ name: 'Bruno Importado', birth_date: '2011-05-06' })).body.data.id;
      names.paymentType = (await server.request('GET', '/api/payment-types', { token: admin })).body.data[0].name;
    });
    afterAll(() => server.close());

    async function send(kind: string, file: Buffer, fields: Record<string, string> = {}) {
      const form = new FormData();
      form.append('kind', kind);
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(file)]), 'planilha');
      const response = await fetch(`${server.url}/api/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    }

    async function run(kind: string, file: Buffer, fields: Record<string, string> = {}) {
      const sent = await send(kind, file, { dry_run: '0', ...fields });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      // Well under a second here; a minute for a loaded CI machine (see imports-files.test.ts).
      for (const end = Date.now() + 60_000; Date.now() < end;) {
        const now = await server.request('GET', `/api/imports/${sent.body.data.id}`, { token: admin });
        if (['done', 'failed'].includes(now.body.data.status)) return now.body.data;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('a importação não terminou');
    }

    const auditOf = (entity: string, id: number) =>
      dynamic(server.db)
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', entity)
        .where('entity_id', '=', id)
        .where('action', '=', 'update')
        .execute();

    const registrationOf = (student: number) =>
      dynamic(server.db)
        .selectFrom('registrations')
        .selectAll()
        .where('student_id', '=', student)
        .where('team_id', '=', ids.team)
        .execute();

    it('imports enrolments from an XLSX by CPF or name and birth date; twice creates nothing; a new date updates', async () => {
      const header = ['CPF do aluno', 'Aluno', 'Data de nascimento', 'Turma', 'Data da matrícula', 'Número anterior'];
      const rows = (day: unknown) => [
        header,
        // The CPF as a number cell, the date as Excel's serial (45292 = 01/01/2024).
        [52998224725, '', '', names.team.toUpperCase(), 45292, '2019/0042'],
        ['', 'bruno importado', new Date(Date.UTC(2011, 4, 6)), names.team, day, ''],
      ];
      const first = await run('enrolments', await xlsx(rows('10/02/2024')));
      expect(first).toMatchObject({ status: 'done', total: 2, created: 2, updated: 0 });
      expect(await registrationOf(ids.ana)).toMatchObject([{ enrolled_on: '2024-01-01', legacy_number: '2019/0042' }]);
      expect(await registrationOf(ids.bruno)).toMatchObject([{ enrolled_on: '2024-02-10' }]);
      expect(await run('enrolments', await xlsx(rows('10/02/2024')))).toMatchObject({ created: 0, unchanged: 2 });
      expect(await run('enrolments', await xlsx(rows('11/02/2024')))).toMatchObject({ updated: 1, unchanged: 1 });
      const [bruno] = await registrationOf(ids.bruno);
      expect(bruno.enrolled_on).toBe('2024-02-11');
      expect(JSON.parse(String((await auditOf('registrations', bruno.id))[0].changes))).toEqual({
        enrolled_on: ['2024-02-10', '2024-02-11'],
      });
    });

    it('names each enrolment problem by line and column: unknown student or team, a future date', async () => {
      const tomorrow = new Date(Date.parse(`${schoolDayOf()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const future = `${tomorrow.slice(8, 10)}/${tomorrow.slice(5, 7)}/${tomorrow.slice(0, 4)}`;
      const file = utf8Bom([
        ['Aluno', 'CPF do aluno', 'Data de nascimento', 'Turma', 'Data da matrícula'],
        ['', '111.444.777-35', '', names.team, ''],
        ['Bruno Importado', '', '06/05/2011', 'Turma Que Não Existe', ''],
        ['Bruno Importado', '', '06/05/2011', names.team, future],
      ]);
      const preview = await send('enrolments', file, { dry_run: '1' });
      expect(preview.body.data).toMatchObject({ status: 'preview', total: 3, valid: 0 });
      expect(preview.body.data.errors).toEqual([
        { line: 2, column: 'CPF do aluno', message: 'Nenhum aluno com o CPF 11144477735.' },
        { line: 3, column: 'Turma', message: 'Turma "Turma Que Não Existe" não encontrado(a).' },
        { line: 4, column: 'Data da matrícula', message: 'O campo Data da matrícula não pode ser uma data futura.' },
      ]);
    });

    it('imports charges in centavos from CSVs (UTF-8 and Windows-1252); twice creates nothing; a change updates', async () => {
      const header = ['CPF do aluno', 'Turma', 'Parcela', 'Valor', 'Vencimento', 'Pago', 'Data de pagamento'];
      const rows = [
        [...header, 'Forma de pagamento', 'Tipo de serviço'],
        ['529.982.247-25', names.team, '1', '1.234,56', '10/02/2026', 'Sim', '08/02/2026', names.paymentType, ''],
        ['529.982.247-25', names.team, '2', '1234.56', '10/03/2026', 'Não', '', '', ''],
        ['529.982.247-25', names.team, '3', 'R$ 0,10', '10/04/2026', '', '', '', ''],
      ];
      const first = await run('charges', utf8Bom(rows));
      expect(first, JSON.stringify(first)).toMatchObject({ status: 'done', created: 3 });
      const [registration] = await registrationOf(ids.ana);
      const stored = await dynamic(server.db)
        .selectFrom('financials')
        .select(['id', 'quota', 'value_cents', 'paid', 'pay_day', 'version'])
        .where('registration_id', '=', registration.id)
        .orderBy('quota')
        .execute();
      expect(stored).toMatchObject([
        { quota: 1, value_cents: 123456, paid: 1, pay_day: '2026-02-08' },
        { quota: 2, value_cents: 123456, paid: 0, pay_day: null },
        { quota: 3, value_cents: 10, paid: 0 },
      ]);
      expect(await run('charges', windows1252(rows))).toMatchObject({ created: 0, unchanged: 3 });
      rows[2][3] = '1.300,00';
      expect(await run('charges', windows1252(rows))).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
      const second = await dynamic(server.db)
        .selectFrom('financials')
        .select(['value_cents', 'version'])
        .where('id', '=', stored[1].id)
        .executeTakeFirstOrThrow();
      expect(second).toMatchObject({ value_cents: 130000, version: Number(stored[1].version) + 1 });
      const changes = JSON.parse(String((await auditOf('financials', stored[1].id))[0].changes));
      expect(changes.value_cents).toEqual([123456, 130000]);
    });

    it('creates a charge listed twice in one file once, the second line updating it, each audited', async () => {
      const rows = [
        ['CPF do aluno', 'Turma', 'Parcela', 'Valor', 'Vencimento'],
        ['529.982.247-25', names.team, '7', '500,00', '10/09/2026'],
        ['529.982.247-25', names.team, '7', '550,00', '10/09/2026'],
      ];
      expect(await run('charges', utf8Bom(rows))).toMatchObject({ status: 'done', created: 1, updated: 1 });
      const [registration] = await registrationOf(ids.ana);
      const stored = await dynamic(server.db)
        .selectFrom('financials')
        .select(['id', 'value_cents'])
        .where('registration_id', '=', registration.id)
        .where('quota', '=', 7)
        .execute();
      expect(stored).toMatchObject([{ value_cents: 55000 }]);
      const created = await dynamic(server.db)
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'financials')
        .where('entity_id', '=', stored[0].id)
        .where('action', '=', 'create')
        .execute();
      expect(created).toHaveLength(1);
      expect(await auditOf('financials', stored[0].id)).toHaveLength(1);
    });

    it('names each charge problem: bad money, a student not in the team, an unknown payment type', async () => {
      const preview = await send(
        'charges',
        await xlsx([
          ['Aluno', 'Data de nascimento', 'Turma', 'Parcela', 'Valor', 'Vencimento', 'Forma de pagamento'],
          ['Ana Importada', '14/03/2012', names.team, 4, 'doze reais', '10/05/2026', ''],
          ['Sem Matrícula', '01/01/2010', names.team, 1, 100, '10/05/2026', ''],
          ['Ana Importada', '14/03/2012', names.team, 5, 99.9, '10/06/2026', 'Cheque Voador'],
        ]),
        { dry_run: '1' },
      );
      expect(preview.body.data.errors).toEqual([
        {
          line: 2,
          column: 'Valor',
          message: 'O campo Valor deve ser um valor em reais maior que zero, como 1.234,56.',
        },
        {
          line: 3,
          column: 'Aluno',
          message: 'Aluno "Sem Matrícula" com esta data de nascimento não encontrado.',
        },
        { line: 4, column: 'Forma de pagamento', message: 'Forma de pagamento "Cheque Voador" não encontrado(a).' },
      ]);
    });

    it('imports grades by the grade sheet’s rules; twice creates nothing; out of range is a line error', async () => {
      const rows = (grade: string) => [
        ['CPF do aluno', 'Turma', 'Disciplina', 'Etapa', 'Nota'],
        ['52998224725', names.team, names.discipline.toLowerCase(), String(names.stage), grade],
        ['', names.team, names.discipline, String(names.stage), '7,5'],
        ['52998224725', names.team, 'Alquimia', String(names.stage), '7'],
        ['52998224725', names.team, names.discipline, '98', '7'],
      ];
      const preview = await send('grades', utf8Bom(rows('10,5')), { dry_run: '1' });
      expect(preview.body.data.errors).toEqual([
        { line: 2, column: 'Nota', message: 'Nota inválida. Nota fora da escala: use de 0,0 a 10,0.' },
        { line: 3, column: 'Aluno', message: 'Informe o CPF do aluno, ou o nome e a data de nascimento dele.' },
        { line: 4, column: 'Disciplina', message: 'Disciplina "Alquimia" não encontrado(a).' },
        { line: 5, column: 'Etapa', message: 'Etapa 98 não encontrada.' },
      ]);
      const gradeOf = () =>
        dynamic(server.db)
          .selectFrom('grades')
          .selectAll()
          .where('student_id', '=', ids.ana)
          .where('discipline_id', '=', ids.discipline)
          .execute();
      expect(await run('grades', await xlsx(rows('8,5')), { only_valid: '1' })).toMatchObject({ created: 1 });
      expect(await gradeOf()).toMatchObject([{ grade: 85, stage_id: ids.stageId, team_id: ids.team }]);
      expect(await run('grades', windows1252(rows('8,5')), { only_valid: '1' })).toMatchObject({ unchanged: 1 });
      expect(await run('grades', windows1252(rows('9')), { only_valid: '1' })).toMatchObject({ updated: 1 });
      expect(await gradeOf()).toMatchObject([{ grade: 90 }]);
      const audit = await auditOf('grades', ids.team);
      expect(JSON.parse(String(audit.at(-1)!.changes))).toEqual({
        [`grade[${ids.ana}][${ids.stageId}][${ids.discipline}][${ids.team}]`]: [8.5, 9],
      });
    });

    it('gives a template per kind with an example row and the accepted values', async () => {
      for (const [kind, first] of [
        ['enrolments', 'Aluno'],
        ['charges', 'Aluno'],
        ['grades', 'Aluno'],
      ]) {
        const response = await fetch(`${server.url}/api/imports/templates/${kind}?format=xlsx`, {
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(response.status).toBe(200);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(await response.arrayBuffer());
        expect(book.worksheets[0].getRow(1).getCell(1).value).toBe(first);
        expect(book.worksheets[0].getRow(2).getCell(1).value).toBe('Ana Beatriz Souza Lima');
        expect(book.worksheets[1].getRow(1).values).toEqual(expect.arrayContaining(['Turma', 'Datas']));
      }
      const text = await (
        await fetch(`${server.url}/api/imports/templates/charges?format=csv`, {
          headers: { authorization: `Bearer ${admin}` },
        })
      ).text();
      expect(text.split('\r\n')[0]).toBe(
        'Aluno;CPF do aluno;Data de nascimento;Turma;Parcela;Valor;Vencimento;Pago;Data de pagamento;Forma de pagamento;Tipo de serviço',
      );
    });
  },
  { shuffle: false, timeout: 150_000 },
);
