import { beforeAll, expect, it } from 'vitest';
import { schoolDayOf } from '../../resources/format';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/**
 * Issue 36: the lists' field filters beside the search box (students by status, team, polo and "Possui
 * financeiro?"; teams by year and polo), declared in the configs as query parameters of the list routes.
 */
describeOnDatabases('list filters', (dialect) => {
  const school = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown) => school.call(method, path, body);
  const ids: Record<string, number> = {};

  const idsOf = async (path: string) => {
    const { status, body } = await call('GET', path);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.total, `total de ${path}`).toBe(body.data.length);
    return (body.data as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };
  /** The students of this test among a list's rows (the demo school has others). */
  const ours = async (query: string) =>
    (await idsOf(`/api/students?page=0&search=filtro&${query}`)).filter((id) => Object.values(ids).includes(id));

  beforeAll(async () => {
    const polo = async (name: string) =>
      (await call('POST', '/api/polos', { name, city: 'Belém', uf: 'PA' })).body.data.id as number;
    ids.poloNorte = await polo('Polo Norte Filtro');
    ids.poloSul = await polo('Polo Sul Filtro');
    const team = async (name: string, start_date: string, polo_id: number) => {
      const created = await call('POST', '/api/teams', {
        name,
        start_date,
        end_date: '2030-12-18',
        polo_id,
        grid_id: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as number;
    };
    ids.turma2025 = await team('Técnico Filtro 2025', '2025-02-03', ids.poloNorte);
    ids.turma2026 = await team('Técnico Filtro 2026', '2026-02-02', ids.poloSul);
    const student = async (name: string, team?: number) => {
      const id = (await call('POST', '/api/students', { name })).body.data.id as number;
      if (team) {
        const enrolled = await call('POST', '/api/registrations', { student_id: id, team_id: team });
        expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
        return { id, registration: enrolled.body.data.id as number };
      }
      return { id, registration: 0 };
    };
    const ana = await student('Ana Filtro Souza', ids.turma2025);
    const bruno = await student('Bruno Filtro Lima', ids.turma2026);
    const carla = await student('Carla Filtro Alves');
    Object.assign(ids, { ana: ana.id, bruno: bruno.id, carla: carla.id });
    const charge = await call('POST', '/api/financials', {
      registration_id: ana.registration,
      value: '350,00',
      due_date: '2026-03-10',
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    expect((await call('PUT', `/api/students/${bruno.id}/status`, { status: 'Trancado' })).status).toBe(200);
  });

  it('lists students by status, team, polo and "Possui financeiro?", each alone or together', async () => {
    expect(await ours('status=Ativo')).toEqual([ids.ana, ids.carla]);
    expect(await ours('status=Trancado')).toEqual([ids.bruno]);
    expect(await ours(`team_id=${ids.turma2025}`)).toEqual([ids.ana]);
    expect(await ours(`polo_id=${ids.poloSul}`)).toEqual([ids.bruno]);
    expect(await ours('has_financial=1')).toEqual([ids.ana]);
    expect(await ours('has_financial=0')).toEqual([ids.bruno, ids.carla]);
    expect(await ours(`status=Ativo&polo_id=${ids.poloNorte}`)).toEqual([ids.ana]);
    expect(await ours(`status=Trancado&team_id=${ids.turma2025}`)).toEqual([]);
    // An empty filter is no filter; a parameter no list declares is ignored, as always.
    expect(await ours('status=&team_id=&colour=azul')).toEqual([ids.ana, ids.bruno, ids.carla]);
  });

  it('counts the filtered rows, page by page', async () => {
    const first = await call('GET', `/api/students?perPage=1&search=filtro&status=Ativo`);
    expect(first.body).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(first.body.data).toHaveLength(1);
  });

  it('lists teams by the year they start and by polo', async () => {
    const teams = async (query: string) =>
      (await idsOf(`/api/teams?page=0&search=filtro&${query}`)).filter((id) =>
        [ids.turma2025, ids.turma2026].includes(id),
      );
    expect(await teams('year=2025')).toEqual([ids.turma2025]);
    expect(await teams('year=2026')).toEqual([ids.turma2026]);
    expect(await teams(`polo_id=${ids.poloSul}`)).toEqual([ids.turma2026]);
  });

  it('lists charges by situation (em aberto, vencida, paga: today in São Paulo) and due month', async () => {
    // A student of its own: giving Carla charges would change what "Possui financeiro?" answers in the test above,
    // which the shuffled order may run after this one.
    const student = (await call('POST', '/api/students', { name: 'Diego Cobrança Reis' })).body.data.id as number;
    const registration = (await call('POST', '/api/registrations', { student_id: student, team_id: ids.turma2026 }))
      .body.data.id as number;
    const today = schoolDayOf();
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const charge = async (due_date: string) => {
      const created = await call('POST', '/api/financials', {
        registration_id: registration,
        value: '420,00',
        due_date,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as number;
    };
    const overdue = await charge(shift(-1));
    const dueToday = await charge(today);
    const paid = await charge(shift(-40));
    expect((await call('PUT', `/api/financials/${paid}`, { paid: 1, pay_day: shift(-41) })).status).toBe(200);
    const mine = [overdue, dueToday, paid];
    const charges = async (query: string) =>
      (await idsOf(`/api/charges?page=0&${query}`)).filter((id) => mine.includes(id));

    expect(await charges('')).toEqual([overdue, dueToday, paid].sort((a, b) => a - b));
    expect(await charges('status=vencida')).toEqual([overdue]);
    expect(await charges('status=em_aberto')).toEqual([dueToday]);
    expect(await charges('status=paga')).toEqual([paid]);
    expect(await charges(`due_month=${today.slice(0, 7)}&status=em_aberto`)).toEqual([dueToday]);
    expect(await charges(`due_month=${shift(-40).slice(0, 7)}`)).toEqual([paid]);
    // Each row names its student and team, for the list and its CSV.
    const row = (await call('GET', `/api/charges?search=${overdue}`)).body.data[0];
    expect(row).toMatchObject({
      id: overdue,
      student: [{ id: student, name: 'Diego Cobrança Reis' }],
      team: [{ id: ids.turma2026, name: 'Técnico Filtro 2026' }],
      value_cents: 42000,
      paid: 0,
    });
  });

  it('answers a bad value 422 in Portuguese, naming the filter', async () => {
    const refused = async (path: string, param: string) => {
      const { status, body } = await call('GET', path);
      expect(status, path).toBe(422);
      expect(Object.keys(body.errors), path).toEqual([param]);
      return body.errors[param][0] as string;
    };
    expect(await refused('/api/students?status=Matriculado', 'status')).toBe('Valor inválido para o filtro Status.');
    expect(await refused('/api/students?team_id=abc', 'team_id')).toBe('Valor inválido para o filtro Turma.');
    expect(await refused('/api/students?polo_id=2147483648', 'polo_id')).toBe('Valor inválido para o filtro Polo.');
    expect(await refused('/api/students?has_financial=talvez', 'has_financial')).toBe(
      'Valor inválido para o filtro Possui financeiro?.',
    );
    expect(await refused('/api/teams?polo_id=0', 'polo_id')).toBe('Valor inválido para o filtro Polo.');
    expect(await refused('/api/teams?year=26', 'year')).toBe('Informe o ano com quatro algarismos (2026).');
    expect(await refused('/api/charges?status=atrasada', 'status')).toBe('Valor inválido para o filtro Situação.');
    expect(await refused('/api/charges?due_month=2026-13', 'due_month')).toBe('Informe o mês como aaaa-mm (2026-03).');
  });

  it('does not let a teacher filter by a personal field (the answer would tell it)', async () => {
    const email = `prof.filtro.${dialect}@escola.com.br`;
    const created = await call('POST', '/api/users', {
      name: 'Paula Professora',
      email,
      password: 'senha-forte-1',
      role_id: ROLE_IDS.professor,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await school.server.session(email);
    const asked = await school.server.request('GET', '/api/students?has_financial=1', { token });
    expect(asked.status).toBe(422);
    expect(asked.body.message).toBe('Não é possível filtrar por Possui financeiro?.');
    expect((await school.server.request('GET', '/api/students?status=Ativo', { token })).status).toBe(200);
  });
});
