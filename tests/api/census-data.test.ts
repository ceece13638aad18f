import { expect, it } from 'vitest';
import { serverPerFile } from './support/per-test';
import { describeOnDatabases, ROLE_IDS } from './support/server';

/** A valid certidão (new model: 30 digits and their two check digits) and NIS of the examples of resources/text.ts. */
const CERTIDAO = '10453901552013100012021000012321';
const NIS = '17033259504';
const BELEM = '1501402';

// Each test makes the records it reads: any order on one server.
describeOnDatabases('census data (issue 40)', (dialect) => {
  const school = serverPerFile(dialect);
  const call = (method: string, path: string, body?: unknown) => school.call(method, path, body);

  it("saves and reads back a student's census data; a bad certidão, NIS or municipality is a 422 in pt-BR", async () => {
    const created = await call('POST', '/api/students', {
      name: 'Maria Eduarda Cardoso',
      race: '3',
      nationality_kind: '1',
      birth_municipality_ibge: BELEM,
      filiation: '1',
      name_mother: 'Joana Cardoso',
      filiation_2: 'Pedro Cardoso',
      disabilities: ['25', '2'],
      assessment_resources: 'Prova ampliada (fonte 18)',
      public_transport: '2',
      transport_kinds: '["3"]',
      birth_certificate: '104539.01.55.2013.1.00012.021.0000123-21',
      nis: '170.33259.50-4',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const [read] = (await call('GET', `/api/students/${id}`)).body;
    expect(read).toMatchObject({
      race: '3',
      nationality_kind: '1',
      country_code: '76',
      birth_municipality_ibge: BELEM,
      filiation: '1',
      filiation_2: 'Pedro Cardoso',
      // In the options' order, whatever order they were sent in.
      disabilities: '["2","25"]',
      assessment_resources: '["10"]',
      public_transport: '2',
      transport_kinds: '["3"]',
      birth_certificate: CERTIDAO,
      nis: NIS,
    });

    const bad = await call('PUT', `/api/students/${id}`, {
      birth_certificate: CERTIDAO.slice(0, 31) + '9',
      nis: '17033259505',
      birth_municipality_ibge: '1234567',
      race: '9',
      disabilities: ['1', '99'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      birth_certificate: ['Matrícula da certidão inválida: confira os 32 dígitos e os dígitos verificadores.'],
      nis: ['NIS inválido: confira os 11 dígitos e o dígito verificador.'],
      birth_municipality_ibge: ['O campo Município de nascimento deve ser um município do IBGE: escolha na lista.'],
    });
    expect(bad.body.errors.race[0]).toMatch(/^O campo Cor\/raça deve ser uma das opções: Não declarada, Branca/);
    expect(bad.body.errors.disabilities[0]).toMatch(/^O campo Deficiência, TEA ou altas habilidades deve ter apenas/);
    // Nothing of the refused request was written.
    expect((await call('GET', `/api/students/${id}`)).body[0].nis).toBe(NIS);
  });

  it("saves and reads back a team's stage, mediation, schedule and weekdays", async () => {
    const created = await call('POST', '/api/teams', {
      name: 'Censo 5º ano A',
      start_date: '2026-02-02',
      end_date: '2026-12-18',
      polo_id: 1,
      grid_id: 2,
      census_stage: '18',
      start_time: '7:30',
      end_time: '11:50',
      weekdays: ['seg', 'ter', 'qua', 'qui', 'sex'],
    });
    expect(created.status).toBe(201);
    const [team] = (await call('GET', `/api/teams/${created.body.data.id}`)).body;
    expect(team).toMatchObject({
      census_stage: '18',
      mediation: '1',
      attendance_kind: '0',
      start_time: '07:30',
      end_time: '11:50',
      weekdays: '0111110',
    });
    const bad = await call('PUT', `/api/teams/${created.body.data.id}`, { start_time: '25:00', weekdays: '01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.start_time).toEqual(['O campo Horário de início deve ser um horário válido, como 07:30.']);
    expect(bad.body.errors.weekdays[0]).toMatch(/^O campo Dias da semana deve ter apenas opções da lista/);
  });

  it("saves and reads back a teacher's census data; a bad CPF or course is a 422", async () => {
    const created = await call('POST', '/api/users', {
      name: 'Ana Beatriz Monteiro',
      email: 'ana.monteiro@escola.com.br',
      password: 'senha-forte-1',
      role_id: ROLE_IDS.professor,
      census_role: '1',
      cpf: '529.982.247-25',
      birth_date: '1988-05-14',
      gender: 'F',
      race: '2',
      nationality_kind: '1',
      birth_municipality_ibge: BELEM,
      name_mother: 'Rita Monteiro',
      schooling: '6',
      degree_course: '0113P011',
    });
    expect(created.status).toBe(201);
    const [user] = (await call('GET', `/api/users/${created.body.data.id}`)).body;
    expect(user).toMatchObject({
      census_role: '1',
      cpf: '52998224725',
      birth_date: '1988-05-14',
      race: '2',
      country_code: '76',
      birth_municipality_ibge: BELEM,
      schooling: '6',
      degree_course: '0113P011',
    });
    const bad = await call('PUT', `/api/users/${created.body.data.id}`, { cpf: '111.111.111-11', degree_course: 'X' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.cpf).toEqual(['CPF inválido.']);
    // 602 courses: counted, not named one by one.
    expect(bad.body.errors.degree_course).toEqual([
      'O campo Curso superior deve ser uma das 602 opções da lista: escolha uma na lista.',
    ]);
  });

  it("saves the school's census data (an alphanumeric CNPJ too), keeps it when a PUT leaves it out, refuses a bad CNPJ", async () => {
    const settings = (await call('GET', '/api/school-settings')).body.data;
    const saved = await call('PUT', '/api/school-settings', {
      ...settings,
      inep_code: '15012345',
      cnpj: '12.abc.345/01de-35',
      administrative_dependency: '4',
      private_category: '1',
      private_maintainer: ['1'],
      maintainer_cnpj: '11.222.333/0001-81',
      regulation: '1',
      regulation_sphere: '2',
      location_zone: '1',
      differentiated_location: '7',
      cep: '66010-000',
      street: 'Avenida Presidente Vargas',
      address_number: '100',
      neighborhood: 'Campina',
      municipality_ibge: BELEM,
      infra_building: ['3'],
      infra_drinking_water: '1',
      infra_water: 'Rede pública',
      infra_energy: ['1'],
      infra_sewage: ['1'],
      infra_waste: ['1'],
      infra_internet: ['2', '3'],
      infra_classrooms: 12,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      inep_code: '15012345',
      cnpj: '12ABC34501DE35',
      private_maintainer: '["1"]',
      maintainer_cnpj: '11222333000181',
      regulation_sphere: '2',
      infra_drinking_water: '1',
      cep: '66010000',
      municipality_ibge: BELEM,
      infra_water: '["1"]',
      infra_internet: '["2","3"]',
      infra_classrooms: 12,
    });
    // A client that does not know the census (the original contract) leaves it as it was.
    const { inep_code: _i, cnpj: _c, municipality_ibge: _m, ...withoutCensus } = settings;
    const plain = await call('PUT', '/api/school-settings', { ...withoutCensus, school_name: 'Colégio Censo' });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toMatchObject({ school_name: 'Colégio Censo', cnpj: '12ABC34501DE35' });

    const bad = await call('PUT', '/api/school-settings', {
      ...settings,
      cnpj: '12ABC34501DE36',
      maintainer_cnpj: '11222333000182',
      municipality_ibge: '9999999',
      inep_code: '123',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      cnpj: ['CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'],
      maintainer_cnpj: ['CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.'],
      municipality_ibge: ['O campo Município deve ser um município do IBGE: escolha na lista.'],
      inep_code: ['O campo Código INEP da escola deve ter pelo menos 8 dígitos.'],
    });
  });

  it('finds municipalities by name and UF, or by code, paged as every list', async () => {
    const belem = await call('GET', '/api/municipalities?search=belem&uf=pa');
    expect(belem.status).toBe(200);
    expect(belem.body).toMatchObject({ total: 1, current_page: 1 });
    expect(belem.body.data[0]).toEqual({ id: BELEM, code: BELEM, name: 'Belém', uf: 'PA', label: 'Belém — PA' });
    const everywhere = await call('GET', '/api/municipalities?search=belem');
    expect(everywhere.body.data.map((m: { label: string }) => m.label)).toEqual(
      expect.arrayContaining(['Belém — PA', 'Belém — PB', 'Belém — AL']),
    );
    const byCode = await call('GET', `/api/municipalities?search=${BELEM}`);
    expect(byCode.body.data[0].label).toBe('Belém — PA');
    const all = await call('GET', '/api/municipalities?perPage=1');
    expect(all.body.total).toBeGreaterThanOrEqual(5570);
    const badUf = await call('GET', '/api/municipalities?uf=XX');
    expect(badUf.status).toBe(422);
    expect(badUf.body.errors).toEqual({ uf: ['UF inválida: use a sigla do estado, como PA.'] });
    expect((await school.server.request('GET', '/api/municipalities')).status).toBe(401);
  });
});
