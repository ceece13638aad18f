import { expect, it } from 'vitest';
import { serverPerTest } from './support/per-test';
import { describeOnDatabases } from './support/server';

/** A valid body, an invalid one with the errors it must produce, and a search term that finds the valid one. */
/** `edit` is a change that must show in the record (a name " (editado)" unless the case says otherwise). */
const CASES: {
  path: string;
  valid: Record<string, unknown>;
  expected: Record<string, unknown>;
  invalid: Record<string, unknown>;
  errors: Record<string, string[]>;
  search: string;
  edit?: Record<string, unknown>;
}[] = [
  {
    path: '/api/courses',
    valid: { name: 'Técnico em Logística', teaching_id: 4 },
    expected: { name: 'Técnico em Logística', teaching_id: 4, teaching: { id: 4, name: 'Técnico' } },
    invalid: { name: '', teaching_id: 999 },
    errors: { name: ['O campo Nome é obrigatório.'] },
    search: 'logistica',
  },
  {
    path: '/api/text-documents',
    valid: { name: 'Declaração', content: '<b>Declaramos</b> em [[DATA_ANO]]', teaching_id: null },
    expected: { name: 'Declaração', content: '<b>Declaramos</b> em [[DATA_ANO]]', teaching: null },
    invalid: { name: 'x' },
    errors: { content: ['O campo Conteúdo é obrigatório.'] },
    search: 'declaramos',
  },
  {
    path: '/api/polos',
    valid: {
      name: 'Polo Marabá',
      city: 'Marabá',
      uf: 'PA',
      responsible: 'Rita',
      email: 'MARABA@escola.com.br',
      phone: '(94)99123-4567',
    },
    expected: { name: 'Polo Marabá', uf: 'PA', email: 'maraba@escola.com.br', phone: '94991234567' },
    invalid: { name: 'P', city: 'C', uf: 'XX', email: 'nao', phone: '123' },
    errors: {
      uf: [
        'O campo UF deve ser uma das opções: AC, AL, AP, AM, BA, CE, DF, ES, GO, MA, MT, MS, MG, PA, PB, PR, PE, PI, RJ, RN, RS, RO, RR, SC, SP, SE, TO.',
      ],
      email: ['O campo E-mail deve ser um e-mail válido.'],
      phone: ['O campo Telefone deve ter pelo menos 10 caracteres.'],
    },
    search: 'maraba',
  },
  {
    path: '/api/disciplines',
    valid: { name: 'Sociologia', teaching_id: 2, amount_of_reviews: '3', workload: 80 },
    // Numbers in the answers, not the text the columns hold.
    expected: { name: 'Sociologia', amount_of_reviews: 3, workload: 80, teaching: { id: 2, name: 'Ensino Médio' } },
    invalid: { name: 'Filosofia', teaching_id: 2, amount_of_reviews: 100, workload: '8o' },
    errors: {
      amount_of_reviews: ['O campo Quantidade de avaliações deve ser no máximo 99.'],
      workload: ['O campo Carga horária deve ser um número inteiro.'],
    },
    search: 'sociologia',
  },
  {
    path: '/api/stages',
    valid: { stage: '5', description: 'Estágio supervisionado' },
    expected: { stage: 5, description: 'Estágio supervisionado' },
    invalid: { stage: '2', description: 'repetida' },
    errors: { stage: ['Já existe uma etapa com este número.'] },
    search: 'estagio',
    edit: { description: 'Estágio supervisionado (editado)' },
  },
  {
    path: '/api/grids',
    valid: { name: 'Grade Logística', obs: 'Nova', course_id: 4 },
    expected: { name: 'Grade Logística', course: { id: 4, name: 'Técnico em Informática' } },
    // The course is optional (the original registered a grid without one), but must exist when given.
    invalid: { name: 'Curso inexistente', course_id: 999 },
    errors: { course_id: ['O(A) Curso selecionado(a) não existe.'] },
    search: 'logistica',
  },
  {
    path: '/api/teams',
    valid: { name: 'Turma Noturna', start_date: '2027-02-01', end_date: '2027-12-15', polo_id: 2, grid_id: 1 },
    expected: {
      name: 'Turma Noturna',
      start_date: '2027-02-01',
      end_date: '2027-12-15',
      registrations_count: 0,
      polo: { id: 2, name: 'Polo Belém Nazaré' },
    },
    invalid: { name: 'Turma', start_date: '2027-02-01', end_date: '2027-01-31', polo_id: 2, grid_id: 1 },
    errors: { end_date: ['O campo Término não pode ser anterior ao campo Início.'] },
    search: 'noturna',
  },
  {
    path: '/api/service-types',
    valid: { name: 'Uniforme' },
    expected: { name: 'Uniforme' },
    invalid: { name: 'Mensalidade' },
    errors: { name: ['Já existe um registro com este nome.'] },
    search: 'uniforme',
  },
];

/** A record answer: a list whose first item is the record, or for text documents the record itself (the original's). */
const recordOf = (body: unknown) => (Array.isArray(body) ? body[0] : body);

describeOnDatabases('master data through resource configs', (dialect) => {
  // A school of its own per test: what one test adds or breaks is not the next one's starting point.
  const fresh = serverPerTest(dialect);
  const call = fresh.call;

  it.each(CASES)('$path: create, find, read, update, validate, delete', async (c) => {
    const created = await call('POST', c.path, c.valid);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject(c.expected);
    const id = created.body.data.id;

    const found = await call('GET', `${c.path}?search=${encodeURIComponent(c.search)}`);
    expect(found.body.data.map((r: { id: number }) => r.id)).toContain(id);
    const record = await call('GET', `${c.path}/${id}`);
    expect(recordOf(record.body)).toMatchObject(c.expected);
    expect(Array.isArray(record.body)).toBe(c.path !== '/api/text-documents');

    const invalid = await call('POST', c.path, c.invalid);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual(c.errors);

    const edit = c.edit ?? { name: `${String(c.valid.name)} (editado)` };
    const updated = await call('PUT', `${c.path}/${id}`, edit);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject(edit);
    expect(recordOf((await call('GET', `${c.path}/${id}`)).body)).toMatchObject(edit);

    expect((await call('DELETE', `${c.path}/${id}`)).body).toEqual({ message: 'Registro apagado com sucesso!' });
    expect((await call('GET', `${c.path}/${id}`)).status).toBe(404);
    expect((await fresh.server.request('GET', c.path)).status).toBe(401);
  });

  it('sorts stages ascending by stage by default, and refuses unlisted sort fields', async () => {
    const { body } = await call('GET', '/api/stages');
    expect(body.data.map((r: { stage: number }) => r.stage)).toEqual([1, 2, 3, 4]);
    expect((await call('GET', '/api/stages?sortBy=search_text')).status).toBe(422);
    expect((await call('GET', '/api/users?sortBy=email')).status).toBe(422);
  });

  it('pages teams by 15 and counts enrolments per team', async () => {
    const { body } = await call('GET', '/api/teams?perPage=15');
    expect(body.per_page).toBe(15);
    expect(body.data[0]).toHaveProperty('registrations_count', 0);
    // Two students in team 2, one in team 3: the list can then be sorted by its count.
    for (const [name, teamId] of [
      ['Ana Lima', 2],
      ['Bia Lima', 2],
      ['Caio Lima', 3],
    ] as const) {
      const student = await call('POST', '/api/students', { name });
      expect(
        (await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: teamId })).status,
      ).toBe(201);
    }
    const sorted = (await call('GET', '/api/teams?sortBy=registrations_count&sortDesc=1')).body.data as {
      name: string;
      registrations_count: number;
    }[];
    expect(sorted.map((t) => t.registrations_count)).toEqual([2, 1, 0, 0]);
    expect(sorted.slice(0, 2).map((t) => t.name)).toEqual(['Turma Médio 2026 B', 'Enfermagem 2026.1']);
    const ascending = (await call('GET', '/api/teams?sortBy=registrations_count&sortDesc=0')).body.data as {
      registrations_count: number;
    }[];
    expect(ascending.map((t) => t.registrations_count)).toEqual([0, 0, 1, 2]);
  });

  it('refuses with 409 to delete records others depend on, saying what', async () => {
    expect(await call('DELETE', '/api/teachings/4')).toEqual({
      status: 409,
      body: {
        message: 'Não é possível apagar este ensino: está em uso por 2 cursos, 1 texto de documento e 6 disciplinas.',
      },
    });
    expect(await call('DELETE', '/api/grids/1')).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar esta grade: está em uso por 2 turmas e 18 linhas de grade.' },
    });
    expect(await call('DELETE', '/api/stages/1')).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar esta etapa: está em uso por 9 linhas de grade.' },
    });
    expect(await call('DELETE', '/api/polos/3')).toEqual({
      status: 409,
      body: { message: 'Não é possível apagar este polo: está em uso por 1 turma.' },
    });
  });

  it('keeps payment type ids of the contract (4 is Boleto)', async () => {
    const { body } = await call('GET', '/api/payment-types?page=0&perPage=99999&sortBy=id');
    expect(body.data.find((r: { id: number }) => r.id === 4).name).toBe('Boleto');
    const services = await call('GET', '/api/service-types?page=0&perPage=99999&sortBy=name');
    expect(services.body.data.map((r: { name: string }) => r.name)).toContain('Mensalidade');
  });
});
