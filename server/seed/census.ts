import type { Kysely, Transaction } from 'kysely';
import { birthCertificateCheckDigits, cnpjCheckDigits, cpfCheckDigits, nisCheckDigit } from '../../resources/text';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any> | Kysely<any>;

/** Municipalities of the demo's region (IBGE): Ananindeua, Belém, Castanhal, Marituba. */
const BIRTH_PLACES = ['1500800', '1501402', '1502400', '1504422'];
const ANANINDEUA = '1500800';

/**
 * The demo school's census data (issue 40), filled in after the rest of the demo so that a complete school passes the
 * census check: the school (INEP code, CNPJ, address with its IBGE code, infrastructure), every team (stage,
 * schedule), every discipline (its componente curricular), every student (cor/raça, birthplace, certidão, NIS…), the
 * teacher and the director. Written as updates, so that the rest of the seed stays the same on a database of an older
 * migration (tests/api/indicators).
 */
export async function seedCensusData(trx: Trx): Promise<void> {
  await trx
    .updateTable('school_settings')
    .set({
      inep_code: '15580001',
      cnpj: `112223330001${cnpjCheckDigits('112223330001')}`,
      administrative_dependency: '4',
      private_category: '1',
      private_maintainer: '["1"]',
      regulation: '1',
      regulation_sphere: '2',
      location_zone: '1',
      differentiated_location: '7',
      cep: '67030000',
      street: 'Rodovia BR-316',
      address_number: '1500',
      neighborhood: 'Centro',
      municipality_ibge: ANANINDEUA,
      infra_building: '["3"]',
      infra_drinking_water: '1',
      infra_water: '["1"]',
      infra_energy: '["1"]',
      infra_sewage: '["1"]',
      infra_waste: '["1"]',
      infra_internet: '["2","3","4"]',
      infra_classrooms: 8,
    })
    .execute();
  await seedTeams(trx);
  await seedDisciplines(trx);
  await seedStudentsCensus(trx);
  await seedStaff(trx);
}

/** Médio: 1ª série in the morning and the afternoon; Enfermagem: técnico subsequente at night. */
async function seedTeams(trx: Trx): Promise<void> {
  const teams = await trx.selectFrom('teams').select(['id', 'name']).orderBy('id').execute();
  for (const [i, team] of teams.entries()) {
    const medio = /m[eé]dio/i.test(String(team.name));
    const [start, end] = medio ? (i % 2 === 0 ? ['07:30', '12:00'] : ['13:30', '18:00']) : ['19:00', '22:30'];
    await trx
      .updateTable('teams')
      .set({
        census_stage: medio ? '25' : '40',
        mediation: '1',
        attendance_kind: '0',
        start_time: start,
        end_time: end,
        weekdays: '0111110',
      })
      .where('id', '=', team.id)
      .execute();
  }
}

/**
 * The componente curricular of the demo's disciplines: the médio's by their names, the technical courses' as "áreas do
 * conhecimento profissionalizantes" (17), programming, networks and databases as "informática/computação" (16).
 */
const COMPONENTS: Record<string, string> = {
  'Língua Portuguesa': '6',
  Matemática: '3',
  História: '12',
  Geografia: '13',
  Biologia: '4',
  Física: '2',
  'Anatomia e Fisiologia Humana': '17',
  'Fundamentos de Enfermagem': '17',
  'Farmacologia Aplicada': '17',
  'Lógica de Programação': '16',
  'Redes de Computadores': '16',
  'Banco de Dados': '16',
};

async function seedDisciplines(trx: Trx): Promise<void> {
  for (const [name, code] of Object.entries(COMPONENTS))
    await trx.updateTable('disciplines').set({ census_component: code }).where('name', '=', name).execute();
}

/**
 * A certidão's matrícula: the demo's registry office (CNS 067876), its own collection (01), civil registry (55), the
 * year of birth, book A (1) number 00012, page 021, one term per student, and the two check digits.
 */
function certidao(year: string, term: number): string {
  const thirty = `067876` + `01` + `55` + year + `1` + `00012` + `021` + String(term).padStart(7, '0');
  return thirty + birthCertificateCheckDigits(thirty);
}

async function seedStudentsCensus(trx: Trx): Promise<void> {
  const students = await trx.selectFrom('students').select(['id', 'birth_date']).orderBy('id').execute();
  for (const [i, student] of students.entries()) {
    const year = String(student.birth_date ?? '2008-01-01').slice(0, 4);
    const nisBase = String(1_200_000_000 + i * 7_919).padStart(10, '0');
    // One student with autism (TEA) and the resources of an assessment, one who takes the municipal bus.
    await trx
      .updateTable('students')
      .set({
        race: ['3', '1', '2', '3', '0', '5'][i % 6],
        nationality_kind: '1',
        country_code: '76',
        birth_municipality_ibge: BIRTH_PLACES[i % BIRTH_PLACES.length],
        filiation: '1',
        birth_certificate: certidao(year, i + 1),
        nis: i % 3 === 0 ? nisBase + nisCheckDigit(nisBase) : null,
        disabilities: i === 2 ? '["25"]' : null,
        assessment_resources: i === 2 ? '["1"]' : null,
        public_transport: i === 5 ? '2' : null,
        transport_kinds: i === 5 ? '["3"]' : null,
      })
      .where('id', '=', student.id)
      .execute();
  }
}

/** Paula teaches (docente, Pedagogia and Matemática); Carlos, the coordinator, is the school's director. */
async function seedStaff(trx: Trx): Promise<void> {
  const people = [
    {
      email: 'paula@demo.invalid',
      census_role: '1',
      manager_position: null,
      cpf: '402571836',
      birth_date: '1986-09-23',
      gender: 'F',
      race: '3',
      name_mother: 'Lúcia Menezes',
      degree_course: '0114M011',
    },
    {
      email: 'carlos@demo.invalid',
      census_role: 'gestor',
      manager_position: '1',
      cpf: '381904265',
      birth_date: '1975-02-11',
      gender: 'M',
      race: '1',
      name_mother: 'Teresa Albuquerque',
      degree_course: '0113P011',
    },
  ];
  for (const { email, cpf, ...person } of people)
    await trx
      .updateTable('users')
      .set({
        ...person,
        cpf: cpf + cpfCheckDigits(cpf),
        nationality_kind: '1',
        country_code: '76',
        birth_municipality_ibge: '1501402',
        schooling: '6',
      })
      .where('email', '=', email)
      .execute();
}
