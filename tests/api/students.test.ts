import { beforeEach, expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { ADMIN, describeOnDatabases } from './support/server';

const ANA = {
  name: 'Ana Beatriz Conceição',
  gender: 'F',
  email: 'Ana.Beatriz@Familia.com.br',
  cep: '01001-000',
  street: 'Praça da Sé',
  number: '1',
  neighborhood: 'Sé',
  city: 'São Paulo',
  uf: 'SP',
  phone: '(91)98888-7777',
  cpf: '529.982.247-25',
  rg: '1234567',
  expedient_body: 'SSP/PA',
  nationality: 'Brasileira',
  naturalness: 'Belém - PA',
  birth_date: '2008-03-01',
  name_mother: 'Maria da Conceição',
};

describeOnDatabases('students', (dialect) => {
  // Each test on a school of its own where Ana is registered, and nothing else about her happened yet.
  const fresh = serverPerTest(dialect);
  const call = fresh.call;
  let anaId: number;
  let created: { status: number; body: { data: Record<string, unknown> } };
  beforeEach(async () => {
    created = await call('POST', '/api/students', ANA);
    anaId = Number(created.body.data?.id);
  });

  it('registers a student with CPF and CEP stored without punctuation, and the birth date unchanged', async () => {
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      cpf: '52998224725',
      cep: '01001000',
      phone: '91988887777',
      birth_date: '2008-03-01',
      email: 'ana.beatriz@familia.com.br',
    });
    const row = await fresh.server.db.kysely
      .selectFrom('students' as never)
      .selectAll()
      .where('id' as never, '=', anaId as never)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cpf: '52998224725', cep: '01001000', birth_date: '2008-03-01' });
  });

  it('checks CPF digits and uniqueness', async () => {
    const cases: [string, string][] = [
      ['529.982.247-24', 'CPF inválido.'],
      ['111.111.111-11', 'CPF inválido.'],
      ['52998224725', 'CPF já cadastrado.'],
      ['529.982.247-2', 'O campo CPF deve ter pelo menos 11 dígitos.'],
    ];
    for (const [cpf, message] of cases) {
      const { status, body } = await call('POST', '/api/students', { name: 'Outro Aluno', cpf });
      expect(status, cpf).toBe(422);
      expect(body.errors.cpf[0], cpf).toBe(message);
    }
    const zeroLed = await call('POST', '/api/students', { name: 'Zé com CPF iniciado em zero', cpf: '012.345.678-90' });
    expect(zeroLed.status).toBe(201);
    expect(zeroLed.body.data.cpf).toBe('01234567890');
  });

  it('finds a student by name without accents, by CPF with or without mask, and by e-mail', async () => {
    for (const search of ['ana beatriz conceicao', '529.982.247-25', '52998224725', 'ana.beatriz@familia']) {
      const { body } = await call('GET', `/api/students?search=${encodeURIComponent(search)}`);
      expect(
        body.data.map((r: { id: number }) => r.id),
        search,
      ).toEqual([anaId]);
    }
  });

  it('records status changes with the previous value, the user and the time', async () => {
    // A new student is Ativo; setting the same status again is no change.
    await call('PUT', `/api/students/${anaId}/status`, { status: 'Ativo' });
    expect((await call('PUT', `/api/students/${anaId}/status`, { status: 'Trancado' })).body.message).toBe(
      'Status atualizado com sucesso!',
    );
    await call('PUT', `/api/students/${anaId}/status`, { status: 'Ativo' });
    const refused = await call('PUT', `/api/students/${anaId}/status`, { status: 'Expulso' });
    expect(refused.status).toBe(422);
    const { body } = await call('GET', `/api/students/${anaId}/status-history`);
    expect(
      body.data.map((h: { previous_status: string | null; new_status: string }) => [h.previous_status, h.new_status]),
    ).toEqual([
      ['Trancado', 'Ativo'],
      ['Ativo', 'Trancado'],
    ]);
    expect(body.data[0].user).toEqual({ name: 'Administrador' });
    expect(body.data[0].created_at_formatted).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('enrols once per team, lists teams with the student, and refuses deleting an enrolment with grades', async () => {
    expect((await call('GET', `/api/students/${anaId}`)).body[0]).toMatchObject({ teams: [], registrations: [] });
    const enrolled = await call('POST', '/api/registrations', { student_id: anaId, team_id: 1 });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.data.number).toMatch(/^\d{6}$/);
    const twice = await call('POST', '/api/registrations', { student_id: anaId, team_id: 1 });
    expect(twice.body.errors).toEqual({ team_id: ['Este aluno já está matriculado nesta turma.'] });
    await call('POST', '/api/registrations', { student_id: anaId, team_id: 3 });
    await call('POST', '/api/registrations', { student_id: anaId, team_id: 2 });

    // Teams in team order; registrations in the order they were made.
    const teams = [
      { id: 1, name: 'Turma Médio 2026 A' },
      { id: 2, name: 'Turma Médio 2026 B' },
      { id: 3, name: 'Enfermagem 2026.1' },
    ];
    const list = await call('GET', `/api/students?search=${encodeURIComponent('ana beatriz')}`);
    expect(list.body.data[0].teams).toEqual(teams);
    const record = await call('GET', `/api/students/${anaId}`);
    expect(record.body[0].teams).toEqual(teams);
    expect(record.body[0].registrations.map((r: { team: { name: string } }) => r.team.name)).toEqual([
      'Turma Médio 2026 A',
      'Enfermagem 2026.1',
      'Turma Médio 2026 B',
    ]);

    const now = new Date().toISOString();
    await fresh.server.db.kysely
      .insertInto('grades' as never)
      .values({
        student_id: anaId,
        stage_id: 1,
        discipline_id: 1,
        team_id: 1,
        grade: 85,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const withGrades = await call('DELETE', `/api/registrations/${enrolled.body.data.id}`);
    expect(withGrades).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar esta matrícula: há notas lançadas para ela.' },
    });
    for (const other of record.body[0].registrations.slice(1)) {
      expect((await call('DELETE', `/api/registrations/${other.id}`)).body).toEqual({
        message: 'Matrícula removida com sucesso!',
      });
    }
    expect((await call('GET', `/api/students/${anaId}`)).body[0].teams).toEqual([teams[0]]);
    expect(await call('DELETE', `/api/students/${anaId}`)).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar este aluno: está em uso por 1 matrícula.' },
    });
  });

  it('adds, edits and removes observations and books', async () => {
    const empty = await call('POST', `/api/students/${anaId}/observations`, { observation: '  ' });
    expect(empty.body.errors).toEqual({ observation: ['A observação é obrigatória.'] });
    const added = await call('POST', `/api/students/${anaId}/observations`, {
      observation: 'Entregou o histórico do ensino fundamental.',
    });
    expect(added.body).toMatchObject({
      message: 'Observação adicionada com sucesso!',
      data: { observation: 'Entregou o histórico do ensino fundamental.', user: { name: 'Administrador' } },
    });
    const obsId = added.body.data.id;
    const edited = await call('PUT', `/api/students/${anaId}/observations/${obsId}`, {
      observation: 'Entregou o histórico (original).',
    });
    expect(edited.body.message).toBe('Observação atualizada com sucesso!');
    expect((await call('GET', `/api/students/${anaId}/observations`)).body.data[0].observation).toBe(
      'Entregou o histórico (original).',
    );
    expect((await call('DELETE', `/api/students/${anaId}/observations/${obsId}`)).body).toEqual({
      message: 'Observação removida com sucesso!',
    });

    const book = await call('POST', '/api/books', {
      student_id: anaId,
      team_id: 1,
      registration_number: '03',
      book_number: '1',
      page_number: '01',
      issue_date: '2023-05-08',
      certificate_seal_number: 'SEL-123',
    });
    expect(book.status).toBe(201);
    expect((await call('POST', '/api/books', { student_id: anaId })).body.errors).toMatchObject({
      registration_number: ['O campo Registro é obrigatório.'],
    });
    expect((await call('GET', `/api/students/${anaId}`)).body[0].books).toEqual([
      expect.objectContaining({ book_number: '1', issue_date: '2023-05-08' }),
    ]);
    expect((await call('DELETE', `/api/books/${book.body.data.id}`)).body).toEqual({
      message: 'Livro removido com sucesso!',
    });
  });

  it('audits every change with who, when and what', async () => {
    await call('PUT', `/api/students/${anaId}`, { city: 'Belém', uf: 'PA' });
    await call('POST', '/api/registrations', { student_id: anaId, team_id: 1 });
    await call('POST', `/api/students/${anaId}/observations`, { observation: 'Entregou o histórico.' });
    await call('POST', '/api/books', {
      student_id: anaId,
      team_id: 1,
      registration_number: '03',
      book_number: '1',
      page_number: '01',
      issue_date: '2023-05-08',
    });
    const rows = await fresh.server.db.kysely
      .selectFrom('audit_log' as never)
      .selectAll()
      .where('entity_id' as never, '=', anaId as never)
      .where('entity' as never, '=', 'students' as never)
      .execute();
    const update = (rows as { action: string; changes: string; user_id: number }[]).find(
      (r) => r.action === 'update' && r.changes.includes('Belém'),
    )!;
    expect(JSON.parse(update.changes)).toEqual({ city: ['São Paulo', 'Belém'], uf: ['SP', 'PA'] });
    const admin = await fresh.server.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(update.user_id).toBe(Number(admin.id));
    const entities = (
      await fresh.server.db.kysely
        .selectFrom('audit_log' as never)
        .select('entity' as never)
        .execute()
    ).map((r) => (r as { entity: string }).entity);
    expect(new Set(entities)).toEqual(new Set(['students', 'registrations', 'observations', 'books']));
  });

  it('exports everything about a student for an LGPD access request, and records who asked', async () => {
    await call('POST', '/api/registrations', { student_id: anaId, team_id: 1 });
    await call('PUT', `/api/students/${anaId}/status`, { status: 'Trancado' });
    await call('PUT', `/api/students/${anaId}/status`, { status: 'Ativo' });
    const { status, body } = await call('GET', `/api/students/${anaId}/export`);
    expect(status).toBe(200);
    expect(body.student).toMatchObject({ name: 'Ana Beatriz Conceição', cpf: '52998224725' });
    expect(body.student).not.toHaveProperty('search_text');
    expect(body.registrations).toEqual([expect.objectContaining({ team: { id: 1, name: 'Turma Médio 2026 A' } })]);
    expect(body.status_history.map((h: { new_status: string }) => h.new_status)).toEqual(['Trancado', 'Ativo']);
    expect(body.audit.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'update']);
    const logged = await fresh.server.db.kysely
      .selectFrom('audit_log' as never)
      .selectAll()
      .where('action' as never, '=', 'export' as never)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('answers the age and, per registration, its financials, in the list and the record', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    // Ana was born on 2008-03-01: her age on the school's calendar today.
    const age = Number(today.slice(0, 4)) - 2008 - (today.slice(5) < '03-01' ? 1 : 0);
    const first = (await call('POST', '/api/registrations', { student_id: anaId, team_id: 1 })).body.data.id;
    const second = (await call('POST', '/api/registrations', { student_id: anaId, team_id: 3 })).body.data.id;
    const charge = await call('POST', '/api/financials', {
      registration_id: first,
      value: '450,00',
      due_date: '2026-03-10',
      repetitions: 2,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    await call('POST', '/api/students', { name: 'Bruno Sem Nascimento' });

    const list = await call('GET', '/api/students?perPage=10');
    const ana = list.body.data.find((s: { id: number }) => s.id === anaId);
    expect(ana.age).toBe(age);
    expect(list.body.data.find((s: { name: string }) => s.name === 'Bruno Sem Nascimento')).toMatchObject({
      age: null,
      registrations: [],
    });
    const shape = (registrations: { id: number; financials: { value: number; due_date: string }[] }[]) =>
      registrations.map((r) => [r.id, r.financials.map((f) => [f.value, f.due_date])]);
    const expected = [
      [
        first,
        [
          [450, '2026-03-10'],
          [450, '2026-04-10'],
        ],
      ],
      [second, []],
    ];
    expect(shape(ana.registrations)).toEqual(expected);
    const record = (await call('GET', `/api/students/${anaId}`)).body[0];
    expect(record.age).toBe(age);
    expect(shape(record.registrations)).toEqual(expected);
  });

  it('answers 404 to ids that are not numbers, paths included', async () => {
    for (const id of ['..%2F..%2Fetc%2Fpasswd', 'abc', '-1']) {
      expect((await call('GET', `/api/students/${id}/status-history`)).status).toBe(404);
    }
    expect((await fresh.server.request('GET', `/api/students/${anaId}`)).status).toBe(401);
  });
});
