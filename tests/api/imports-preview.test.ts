import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, ROLE_IDS, startServer, type TestServer } from './support/server';

/** The dry run's first rows as they will be stored, and the file handed back with an "Erro" column (issue 37). */
const csv = (rows: string[][]) => rows.map((r) => r.join(';')).join('\r\n') + '\r\n';

const STUDENTS = [
  ['Nome', 'CPF', 'Data de nascimento', 'Status', 'Responsável 1 - Nome', 'Responsável 1 - Parentesco', 'Obs.'],
  // Line 2: wrong CPF and date; line 3 fine; line 4 without a name.
  ['Érica Prévia', '123.456.789-00', '31/02/2013', 'ativo', 'Rosa Prévia', 'mãe', 'x'],
  ['Fábio Prévia', '52998224725', '2012-03-14', 'trancado', 'Jorge Prévia', 'Pai', ''],
  ['', '', '01/01/2012', '', '', '', ''],
  ...Array.from({ length: 11 }, (_, i) => [`Aluno Prévia ${i + 1}`, '', `0${(i % 9) + 1}/02/2014`, '', '', '', '']),
];

describeOnDatabases('spreadsheet imports: preview and the file with the errors', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.session();
  });
  afterAll(() => server.close());

  async function post(path: string, kind: string, file: Buffer, fields: Record<string, string> = {}, token = admin) {
    const form = new FormData();
    form.append('kind', kind);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file)]), 'planilha.csv');
    return fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  }

  it('shows the first ten valid rows as the screens show them, under the template’s headers', async () => {
    const response = await post('/imports', 'students', Buffer.from(csv(STUDENTS), 'latin1'), { dry_run: '1' });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({ status: 'preview', total: 14, valid: 12 });
    // Only columns some row fills; the unknown "Obs." is no column of the kind. The census's country (issue 40) is
    // Brasil unless the sheet says otherwise, as the status is Ativo.
    expect(data.preview.columns).toEqual([
      'Nome',
      'CPF',
      'Data de nascimento',
      'País de nacionalidade',
      'Status',
      'Responsável 1 - Nome',
      'Responsável 1 - Parentesco',
    ]);
    expect(data.preview.rows).toHaveLength(10);
    expect(data.preview.rows[0]).toEqual([
      'Fábio Prévia',
      '529.982.247-25',
      '14/03/2012',
      'Brasil',
      'Trancado',
      'Jorge Prévia',
      'Pai',
    ]);
    expect(data.preview.rows[1]).toEqual(['Aluno Prévia 1', '', '01/02/2014', 'Brasil', 'Ativo', '', '']);
    // The name the office's computer gave the file is kept for the history; control characters never.
    const named = await post('/imports', 'students', Buffer.from(csv(STUDENTS)), {
      dry_run: '1',
      file_name: 'alunos\r\n 2026.csv',
    });
    expect((await named.json()).data.file_name).toBe('alunos 2026.csv');
    // A real run answers no preview (nothing keeps it).
    const run = await post('/imports', 'students', Buffer.from(csv(STUDENTS.slice(0, 3)), 'latin1'), { dry_run: '0' });
    expect((await run.json()).data.preview).toBeUndefined();
  });

  it('shows a team’s polo and grid by name', async () => {
    const polo = (await server.request('GET', '/api/polos', { token: admin })).body.data[0];
    const grid = (await server.request('GET', '/api/grids', { token: admin })).body.data[0];
    const file = csv([
      ['Nome', 'Início', 'Término', 'Polo', 'Grade'],
      ['Turma Prévia', '03/02/2031', '18/12/2031', polo.name.toLowerCase(), grid.name],
    ]);
    const { data } = await (await post('/imports', 'teams', Buffer.from(file), { dry_run: '1' })).json();
    // The census's mediation and kind of attendance (issue 40) start as presencial and escolarização.
    expect(data.preview).toEqual({
      columns: ['Nome', 'Início', 'Término', 'Polo', 'Grade', 'Mediação didático-pedagógica', 'Tipo de atendimento'],
      rows: [
        ['Turma Prévia', '03/02/2031', '18/12/2031', polo.name.toLowerCase(), grid.name, 'Presencial', 'Escolarização'],
      ],
    });
  });

  it('names the student of an enrolment as registered, found by CPF or by name and birth date', async () => {
    const team = (await server.request('GET', '/api/teams', { token: admin })).body.data[0];
    const student = (body: unknown) => server.request('POST', '/api/students', { token: admin, body });
    await student({ name: 'Joana Prévia', cpf: '11144477735', birth_date: '2012-03-14' });
    await student({ name: 'Inês Prévia', birth_date: '2011-06-05' });
    const file = csv([
      ['CPF do aluno', 'Aluno', 'Data de nascimento', 'Turma', 'Data da matrícula'],
      ['111.444.777-35', '', '', team.name, '03/02/2025'],
      ['', 'INES PREVIA', '05/06/2011', team.name, '10/02/2025'],
    ]);
    const { data } = await (await post('/imports', 'enrolments', Buffer.from(file), { dry_run: '1' })).json();
    expect(data).toMatchObject({ status: 'preview', total: 2, valid: 2 });
    // Who each row enrols, as the office knows them: not only the team and the date.
    expect(data.preview).toEqual({
      columns: ['Aluno', 'CPF do aluno', 'Data de nascimento', 'Turma', 'Data da matrícula'],
      rows: [
        ['Joana Prévia', '111.444.777-35', '14/03/2012', team.name, '03/02/2025'],
        ['Inês Prévia', '', '05/06/2011', team.name, '10/02/2025'],
      ],
    });
  });

  it('shows a charge as the FINANCEIRO tab does: its student, the value in reais, paid as Sim or Não', async () => {
    const team = (await server.request('GET', '/api/teams', { token: admin })).body.data[0];
    const body = { name: 'Caio Cobrança Prévia', cpf: '39053344705', birth_date: '2010-01-20' };
    const student = (await server.request('POST', '/api/students', { token: admin, body })).body.data;
    const enrolled = await server.request('POST', '/api/registrations', {
      token: admin,
      body: { student_id: student.id, team_id: team.id },
    });
    expect(enrolled.status).toBe(201);
    const file = csv([
      ['CPF do aluno', 'Turma', 'Parcela', 'Valor', 'Vencimento', 'Pago'],
      ['390.533.447-05', team.name, '1', '1234,56', '10/02/2025', 'Sim'],
      ['39053344705', team.name, '2', '1.234,56', '10/03/2025', 'não'],
    ]);
    const { data } = await (await post('/imports', 'charges', Buffer.from(file), { dry_run: '1' })).json();
    expect(data.preview).toEqual({
      columns: ['Aluno', 'CPF do aluno', 'Data de nascimento', 'Turma', 'Parcela', 'Valor', 'Vencimento', 'Pago'],
      rows: [
        ['Caio Cobrança Prévia', '390.533.447-05', '20/01/2010', team.name, '1', 'R$ 1.234,56', '10/02/2025', 'Sim'],
        ['Caio Cobrança Prévia', '390.533.447-05', '20/01/2010', team.name, '2', 'R$ 1.234,56', '10/03/2025', 'Não'],
      ],
    });
  });

  it('hands the file back as an XLSX with an "Erro" column: every problem of a line, empty when fine', async () => {
    const response = await post('/imports/annotated', 'students', Buffer.from(csv(STUDENTS), 'latin1'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('importação-alunos-e-responsáveis-com-erros.xlsx')}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.worksheets[0];
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual([...STUDENTS[0], 'Erro']);
    expect(row(2).slice(0, 7)).toEqual(STUDENTS[1]);
    expect(row(2)[7]).toBe('CPF inválido.; O campo Data de nascimento deve ser uma data válida.');
    // An empty cell reads back as no value.
    expect(row(3)[7] ?? '').toBe('');
    expect(row(4)[7]).toBe('O campo Nome é obrigatório.');
    expect(sheet.rowCount).toBe(STUDENTS.length);
    // Corrected by the office and sent again: it imports.
    const fixed = STUDENTS.filter((_, i) => i !== 3).map((r, i) =>
      i === 1 ? [r[0], '', '28/02/2013', ...r.slice(3)] : r,
    );
    const again = await (await post('/imports', 'students', Buffer.from(csv(fixed)), { dry_run: '1' })).json();
    expect(again.data).toMatchObject({ total: 13, valid: 13, errors: [] });
  });

  it('answers the upload’s 422 for a hostile file and the upload’s 403 for a role that may not import', async () => {
    const refused = await post('/imports/annotated', 'students', Buffer.from('%PDF-1.4 não é planilha'));
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('O arquivo não é uma planilha: envie um arquivo XLSX (Excel) ou CSV.');
    const unknown = await post('/imports/annotated', 'livros', Buffer.from(csv(STUDENTS)));
    expect(unknown.status).toBe(422);
    const email = 'secretaria.erros@escolamodelo.edu.br';
    await server.request('POST', '/api/users', {
      token: admin,
      body: { name: 'Secretaria', email, password: 'senha-da-secretaria-1', role_id: ROLE_IDS.secretaria },
    });
    const token = await server.login(email, 'senha-da-secretaria-1');
    expect((await post('/imports/annotated', 'students', Buffer.from(csv(STUDENTS)), {}, token)).status).toBe(403);
    const anonymous = await fetch(`${server.url}/api/imports/annotated`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});
