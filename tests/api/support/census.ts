import { expect } from 'vitest';
import { dynamic } from '../../../server/db/connection';
import type { PerTest } from './per-test';
import { ROLE_IDS } from './server';

/** The census year the tests answer, and its teams (the demo school's 2026 year). */
export const YEAR = 2026;

/** The school's census answers, complete: a private school in São Paulo. */
export const SCHOOL = {
  inep_code: '35123456',
  cnpj: '11222333000181',
  administrative_dependency: '4',
  private_category: '1',
  private_maintainer: '["1"]',
  regulation: '1',
  regulation_sphere: '2',
  location_zone: '1',
  differentiated_location: '7',
  cep: '01310100',
  street: 'Avenida Paulista',
  address_number: '1000',
  neighborhood: 'Bela Vista',
  municipality_ibge: '3550308',
  infra_building: '["3"]',
  infra_drinking_water: '1',
  infra_water: '["1"]',
  infra_energy: '["1"]',
  infra_sewage: '["1"]',
  infra_waste: '["1"]',
  infra_internet: '["2","3"]',
  infra_classrooms: 12,
};

/** A team's census answers: presencial, escolarização, 1º ano, mornings Monday to Friday. */
export const TEAM = {
  census_stage: '14',
  mediation: '1',
  attendance_kind: '0',
  start_time: '07:30',
  end_time: '12:00',
  weekdays: '0111110',
};

/** A student's census answers. */
export const STUDENT = {
  gender: 'F',
  race: '3',
  nationality_kind: '1',
  country_code: '76',
  birth_municipality_ibge: '3550308',
  filiation: '1',
};

/** The census school: its settings and every 2026 team complete; the ids of those teams. */
export async function completeSchool(fresh: PerTest): Promise<number[]> {
  const k = dynamic(fresh.server.db);
  await k.updateTable('school_settings').set(SCHOOL).execute();
  const year = await k.selectFrom('school_years').select('id').where('year', '=', YEAR).executeTakeFirstOrThrow();
  await k.updateTable('teams').set(TEAM).where('school_year_id', '=', year.id).execute();
  const teams = await k.selectFrom('teams').select('id').where('school_year_id', '=', year.id).orderBy('id').execute();
  return teams.map((t) => Number(t.id));
}

/** A student with complete census data (or less, by `fields`), enrolled in a team from a day; their ids. */
export async function enrolStudent(
  fresh: PerTest,
  name: string,
  teamId: number,
  enrolledOn: string,
  fields: Record<string, unknown> = {},
): Promise<{ student: number; registration: number }> {
  const created = await fresh.call('POST', '/api/students', {
    name,
    birth_date: '2019-03-09',
    name_mother: `Maria ${name.split(' ').slice(-1)[0]}`,
    ...STUDENT,
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const student = Number(created.body.data.id);
  const enrolled = await fresh.call('POST', '/api/registrations', {
    student_id: student,
    team_id: teamId,
    enrolled_on: enrolledOn,
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
  return { student, registration: Number(enrolled.body.data.id) };
}

let cpfSeq = 0;
/** A valid CPF (check digits computed) from a base of nine digits. */
export function cpfOf(base: string): string {
  const digits = base.split('').map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((s, d, i) => s + d * (len + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/** A staff member with complete census data teaching a team (or the school's director); their id. */
export async function staffMember(
  fresh: PerTest,
  name: string,
  census: { teamId?: number; manager?: boolean; fields?: Record<string, unknown> } = {},
): Promise<number> {
  cpfSeq += 1;
  const created = await fresh.call('POST', '/api/users', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@escola.com.br`,
    password: 'senha-forte-1',
    role_id: census.manager ? ROLE_IDS.administracao : ROLE_IDS.professor,
    cpf: cpfOf(String(123456700 + cpfSeq)),
    birth_date: '1985-06-15',
    gender: 'F',
    race: '1',
    nationality_kind: '1',
    country_code: '76',
    birth_municipality_ibge: '3550308',
    name_mother: 'Helena Souza',
    schooling: '7',
    census_role: census.manager ? 'gestor' : '1',
    manager_position: census.manager ? '1' : undefined,
    ...census.fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = Number(created.body.data.id);
  if (census.teamId) {
    const discipline = await dynamic(fresh.server.db)
      .selectFrom('disciplines')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await dynamic(fresh.server.db)
      .insertInto('team_teachers')
      .values({
        team_id: census.teamId,
        user_id: id,
        discipline_id: discipline.id,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return id;
}
