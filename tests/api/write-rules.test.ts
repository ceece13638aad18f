import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, startServer, type TestServer } from './support/server';

/** What the write rules let in, through the real server, on both databases. */
describeOnDatabases('write rules: dates, integers, length caps, defaults', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    token = await server.session();
  });
  afterAll(() => server.close());
  const call = (method: string, path: string, body?: unknown) => server.request(method, path, { token, body });

  const team = { name: 'Turma das Datas', start_date: '2027-02-01', end_date: '2027-12-15', polo_id: 2, grid_id: 1 };

  it('refuses days that do not exist', async () => {
    for (const start_date of ['2027-02-30', '31/04/2027', '2027-13-01']) {
      const refused = await call('POST', '/api/teams', { ...team, start_date });
      expect(refused.status, start_date).toBe(422);
      expect(refused.body.errors, start_date).toEqual({ start_date: ['O campo Início deve ser uma data válida.'] });
    }
  });

  it('refuses dates outside 01/01/1900 to 31/12/2199 on resources, charges and reports', async () => {
    for (const start_date of ['0026-03-01', '26/03/0026', '1899-12-31', '2200-01-01']) {
      const refused = await call('POST', '/api/teams', { ...team, start_date });
      expect(refused.status, start_date).toBe(422);
      expect(refused.body.errors, start_date).toEqual({
        start_date: ['O campo Início deve ser uma data entre 01/01/1900 e 31/12/2199.'],
      });
    }
    const edges = await call('POST', '/api/teams', { ...team, start_date: '1900-01-01', end_date: '2199-12-31' });
    expect(edges.status, JSON.stringify(edges.body)).toBe(201);

    const student = await call('POST', '/api/students', { name: 'Aluno do Ano 26', birth_date: '0026-05-05' });
    expect(student.body.errors).toEqual({
      birth_date: ['O campo Data de nascimento deve ser uma data entre 01/01/1900 e 31/12/2199.'],
    });
    const enrolled = await call('POST', '/api/students', { name: 'Aluno do Ano 26' });
    const registration = await call('POST', '/api/registrations', { student_id: enrolled.body.data.id, team_id: 1 });
    const charge = await call('POST', '/api/financials', {
      registration_id: registration.body.data.id,
      value: '10,00',
      due_date: '0026-03-10',
    });
    expect(charge.status).toBe(422);
    expect(charge.body.errors).toEqual({
      due_date: ['O campo Vencimento deve ser uma data entre 01/01/1900 e 31/12/2199.'],
    });

    const report = await call('GET', '/api/exports/defaulters?start_date=0026-01-01&end_date=2026-12-31');
    expect(report.status).toBe(422);
    expect(report.body.errors).toEqual({
      start_date: ['O campo Vencimento de deve ser uma data entre 01/01/1900 e 31/12/2199.'],
    });
  });

  it('takes dd/mm/yyyy as well as ISO, and answers ISO', async () => {
    const created = await call('POST', '/api/teams', { ...team, start_date: '01/02/2027', end_date: '15/12/2027' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ start_date: '2027-02-01', end_date: '2027-12-15' });
    const record = await call('GET', `/api/teams/${created.body.data.id}`);
    expect(record.body[0]).toMatchObject({ start_date: '2027-02-01', end_date: '2027-12-15' });
    // The end-not-before-start rule compares the ISO days, whichever way they were typed.
    const backwards = await call('PUT', `/api/teams/${created.body.data.id}`, { end_date: '31/01/2027' });
    expect(backwards.body.errors).toEqual({ end_date: ['O campo Término não pode ser anterior ao campo Início.'] });
  });

  it('refuses booleans, hex and arrays where an integer belongs, with the field message', async () => {
    for (const stage of [true, '0x10', [1], '1e1', 2.5]) {
      const refused = await call('POST', '/api/stages', { stage, description: 'Etapa estranha' });
      expect(refused.status, JSON.stringify(stage)).toBe(422);
      expect(refused.body.errors, JSON.stringify(stage)).toEqual({
        stage: ['O campo Etapa deve ser um número inteiro.'],
      });
    }
    expect((await call('GET', '/api/stages?search=estranha')).body.total).toBe(0);
    const typed = await call('POST', '/api/stages', { stage: ' 42 ', description: 'Etapa digitada' });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    expect(typed.body.data.stage).toBe(42);
  });

  it('refuses the same in references', async () => {
    for (const teaching_id of [true, '0x1', [1], '1.0']) {
      const refused = await call('POST', '/api/courses', { name: 'Curso estranho', teaching_id });
      expect(refused.status, JSON.stringify(teaching_id)).toBe(422);
      expect(refused.body.errors, JSON.stringify(teaching_id)).toEqual({
        teaching_id: ['Selecione um(a) Ensino válido(a).'],
      });
    }
    expect((await call('POST', '/api/courses', { name: 'Curso digitado', teaching_id: '1' })).body.data).toMatchObject({
      teaching: { id: 1 },
    });
  });

  it('refuses a JSON amount with more than two decimals instead of reading it in the Brazilian format', async () => {
    const student = await call('POST', '/api/students', { name: 'Aluna dos Centavos' });
    const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
    expect(registration.status, JSON.stringify(registration.body)).toBe(201);
    const registration_id = registration.body.data.id;
    for (const value of [33.333, 0.001]) {
      const refused = await call('POST', '/api/financials', { registration_id, value, due_date: '2027-03-10' });
      expect(refused.status, String(value)).toBe(422);
      expect(refused.body.errors, String(value)).toEqual({
        value: ['O campo Valor deve ser um valor em reais maior que zero, como 1.234,56.'],
      });
    }
    const taken = await call('POST', '/api/financials', { registration_id, value: 33.33, due_date: '2027-03-10' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.data.value).toBe(33.33);
  });

  it('makes a new student Ativo, shown in the list and the record', async () => {
    const created = await call('POST', '/api/students', { name: 'Aluno Sem Status' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.status).toBe('Ativo');
    const listed = await call('GET', `/api/students?search=${encodeURIComponent('sem status')}`);
    expect(listed.body.data.map((s: { status: string }) => s.status)).toEqual(['Ativo']);
    expect((await call('GET', `/api/students/${created.body.data.id}`)).body[0].status).toBe('Ativo');
    // The status has its own call (with history): a create cannot set another one.
    const sneaky = await call('POST', '/api/students', { name: 'Aluno Evadido', status: 'Evadido' });
    expect(sneaky.body.data.status).toBe('Ativo');
  });

  it('caps every text of the resources', async () => {
    const long = await call('POST', '/api/teachings', { name: 'Ensino Longo', description: 'x'.repeat(1001) });
    expect(long.body.errors).toEqual({ description: ['O campo Descrição pode ter no máximo 1000 caracteres.'] });
  });

  it('caps the school settings that every visitor downloads', async () => {
    const settings = (await call('GET', '/api/school-settings')).body.data;
    const before = (await server.request('GET', '/api/data-of-client')).body;
    const refusals: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ phones: '9'.repeat(900_000) }, { phones: ['Cada telefone pode ter no máximo 20 caracteres.'] }],
      [
        { phones: ['(91) 3222-0000', 'x'.repeat(100_000)] },
        { phones: ['Cada telefone pode ter no máximo 20 caracteres.'] },
      ],
      [
        { phones: Array.from({ length: 6 }, (_, i) => `(91) 3222-000${i}`).join(',') },
        { phones: ['Informe no máximo 5 telefones.'] },
      ],
      [
        { phones: ['<b>9132220000</b>'] },
        { phones: ['Cada telefone pode ter apenas números, espaços, parênteses, "+" e "-".'] },
      ],
      [{ phones: [{ numero: 1 }] }, { phones: ['Informe os telefones separados por vírgula.'] }],
      [
        { main_service: 'y'.repeat(191) },
        { main_service: ['O campo Frase principal do site pode ter no máximo 190 caracteres.'] },
      ],
      [{ main_color: `#${'a'.repeat(100_000)}` }, { main_color: ['Cor principal inválida: use o formato #RRGGBB.'] }],
      [
        { contract_text_document_id: true },
        { contract_text_document_id: ['Escolha um texto de documento válido para o contrato.'] },
      ],
      [
        { average_grade: true },
        { average_grade: ['A média de aprovação deve ser um número de 0 a 10, com no máximo uma casa decimal.'] },
      ],
    ];
    for (const [change, errors] of refusals) {
      const refused = await call('PUT', '/api/school-settings', { ...settings, ...change });
      expect(refused.status, Object.keys(change)[0]).toBe(422);
      expect(refused.body.errors, Object.keys(change)[0]).toEqual(errors);
    }
    expect((await server.request('GET', '/api/data-of-client')).body).toEqual(before);
    const saved = await call('PUT', '/api/school-settings', {
      ...settings,
      phones: '+55 (91) 3222-0000, 91988887777',
      average_grade: '7,5',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ phones: ['+55 (91) 3222-0000', '91988887777'], average_grade: 7.5 });
  });
});
