import { dynamic, type Db } from '../db/connection';
import type {
  CensusData,
  EnrolmentRow,
  ManagerRow,
  PersonRow,
  SchoolRow,
  TeachingRow,
  TeamDiscipline,
  TeamRow,
} from './rows';
import { referenceDate } from './text';

/* The census reads whole rows (`select *`): the census columns are many and belong to the resources' configs. */
type Row = Record<string, unknown>;

const text = (v: unknown): string | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : String(v);

/** A JSON array column (disabilities, resources, transport kinds) as codes; anything else an empty list. */
function codes(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  try {
    const parsed: unknown = JSON.parse(String(v ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** The school's phones are kept as a JSON list; the layout wants the first. */
function phonesOf(v: unknown): string | null {
  const list = codes(v);
  return list.length ? list.join(',') : text(v);
}

function schoolOf(row: Row, year: Row | undefined): SchoolRow {
  const infra: SchoolRow['infra'] = {};
  for (const [key, value] of Object.entries(row))
    if (key.startsWith('infra_')) infra[key] = value as string | number | null;
  return {
    inep_code: text(row.inep_code),
    cnpj: text(row.cnpj),
    school_name: text(row.school_name),
    administrative_dependency: text(row.administrative_dependency),
    location_zone: text(row.location_zone),
    differentiated_location: text(row.differentiated_location),
    private_category: text(row.private_category),
    private_maintainer: codes(row.private_maintainer),
    maintainer_cnpj: text(row.maintainer_cnpj),
    regulation: text(row.regulation),
    regulation_sphere: text(row.regulation_sphere),
    cep: text(row.cep),
    street: text(row.street),
    address_number: text(row.address_number),
    neighborhood: text(row.neighborhood),
    municipality_ibge: text(row.municipality_ibge),
    email: text(row.email),
    phones: phonesOf(row.phones),
    year_start: text(year?.start_date),
    year_end: text(year?.end_date),
    infra,
  };
}

function teamOf(row: Row, school: SchoolRow): TeamRow {
  return {
    id: Number(row.id),
    name: String(row.name ?? ''),
    grid_id: row.grid_id === null || row.grid_id === undefined ? null : Number(row.grid_id),
    disciplines: [],
    census_stage: text(row.census_stage),
    mediation: text(row.mediation),
    start_time: text(row.start_time),
    end_time: text(row.end_time),
    weekdays: text(row.weekdays),
    attendance_kind: text(row.attendance_kind),
    inep_id: text(row.inep_id),
    school,
  };
}

/** What a student's and a staff member's records 30 read alike. */
function personOf(row: Row) {
  return {
    id: Number(row.id),
    name: String(row.name ?? ''),
    inep_id: text(row.inep_id),
    cpf: text(row.cpf),
    birth_date: text(row.birth_date),
    gender: text(row.gender),
    race: text(row.race),
    nationality_kind: text(row.nationality_kind),
    country_code: text(row.country_code),
    birth_municipality_ibge: text(row.birth_municipality_ibge),
  };
}

export function studentOf(row: Row, school: SchoolRow): PersonRow {
  return {
    kind: 'aluno',
    ...personOf(row),
    filiation: text(row.filiation),
    name_mother: text(row.name_mother),
    filiation_2: text(row.filiation_2),
    disabilities: codes(row.disabilities),
    assessment_resources: codes(row.assessment_resources),
    birth_certificate: text(row.birth_certificate),
    schooling: null,
    degree_course: null,
    email: null,
    school,
  };
}

/** Staff have one filiation field (the mother's name): declared when it is there. */
export function staffOf(row: Row, school: SchoolRow): PersonRow {
  return {
    kind: 'profissional',
    ...personOf(row),
    filiation: text(row.name_mother) ? '1' : '0',
    name_mother: text(row.name_mother),
    filiation_2: null,
    disabilities: [],
    assessment_resources: [],
    birth_certificate: null,
    schooling: text(row.schooling),
    degree_course: text(row.degree_course),
    email: text(row.email),
    school,
  };
}

/** The school, its census year's school year and that year's teams. */
export async function schoolAndTeams(db: Db, year: number): Promise<{ school: SchoolRow; teams: TeamRow[] }> {
  const k = dynamic(db);
  const [settings, schoolYear] = await Promise.all([
    k.selectFrom('school_settings').selectAll().orderBy('id').executeTakeFirst(),
    k.selectFrom('school_years').selectAll().where('year', '=', year).executeTakeFirst(),
  ]);
  const school = schoolOf((settings ?? {}) as Row, schoolYear as Row | undefined);
  const teams = schoolYear
    ? ((await k
        .selectFrom('teams')
        .selectAll()
        .where('school_year_id', '=', (schoolYear as Row).id)
        .orderBy('name')
        .orderBy('id')
        .execute()) as Row[])
    : [];
  return { school, teams: teams.map((t) => teamOf(t, school)) };
}

/** The enrolments of the year's teams, with their student's row and their dates. */
export async function enrolmentsOf(db: Db, teams: TeamRow[]): Promise<{ row: Row; student: Row }[]> {
  if (!teams.length) return [];
  const k = dynamic(db);
  const registrations = (await k
    .selectFrom('registrations')
    .selectAll()
    .where(
      'team_id',
      'in',
      teams.map((t) => t.id),
    )
    .orderBy('id')
    .execute()) as Row[];
  const ids = [...new Set(registrations.map((r) => Number(r.student_id)))];
  const students = ids.length
    ? ((await k.selectFrom('students').selectAll().where('id', 'in', ids).execute()) as Row[])
    : [];
  const byId = new Map(students.map((s) => [Number(s.id), s]));
  return registrations.map((row) => ({ row, student: byId.get(Number(row.student_id))! }));
}

/**
 * Active on the reference date (stage 1, "matrícula inicial"): enrolled on or before it and not gone before it. A
 * student who left on the day itself still counts that day; one enrolled after it is reported in stage 2 (record 91).
 */
export const activeOn = (row: Row, day: string) =>
  String(row.enrolled_on ?? '') <= day && (!text(row.left_on) || String(row.left_on) >= day);

/** The census roles whose disciplines count as taught "com docente vinculado": docente, docente titular (EaD). */
const DOCENTES = new Set(['1', '5']);

/** Codes each once, in the layout's order (the numeric order of the codes), the unanswered left out. */
const componentOrder = (codes: (string | null | undefined)[]): string[] =>
  [...new Set(codes.filter((c): c is string => !!c))].sort((a, b) => Number(a) - Number(b));

/**
 * Fills each team's `disciplines` (its grid's, by name, with their componente curricular and whether a docente of the
 * team teaches them — i-Educar's "com docente vinculado", roles 1 and 5) and answers the componente of every discipline
 * read, taught ones outside the grid included.
 */
async function componentsOf(
  db: Db,
  teams: TeamRow[],
  taught: Row[],
  roleOf: (userId: unknown) => string | null,
): Promise<Map<number, string | null>> {
  const k = dynamic(db);
  const grids = [...new Set(teams.map((t) => t.grid_id).filter((g): g is number => g !== null))];
  const slots = grids.length
    ? ((await k
        .selectFrom('grid_templates')
        .innerJoin('disciplines', 'disciplines.id', 'grid_templates.discipline_id')
        .select(['grid_templates.grid_id', 'disciplines.id', 'disciplines.name', 'disciplines.census_component'])
        .distinct()
        .where('grid_templates.grid_id', 'in', grids)
        .orderBy('disciplines.name')
        .orderBy('disciplines.id')
        .execute()) as Row[])
    : [];
  const others = [...new Set(taught.map((t) => Number(t.discipline_id)))];
  const extra = others.length
    ? ((await k
        .selectFrom('disciplines')
        .select(['id', 'census_component'])
        .where('id', 'in', others)
        .execute()) as Row[])
    : [];
  const component = new Map<number, string | null>();
  for (const d of [...slots, ...extra]) component.set(Number(d.id), text(d.census_component));
  for (const team of teams) {
    const byDocente = new Set(
      taught
        .filter((t) => Number(t.team_id) === team.id && DOCENTES.has(roleOf(t.user_id) ?? ''))
        .map((t) => Number(t.discipline_id)),
    );
    team.disciplines = slots
      .filter((s) => Number(s.grid_id) === team.grid_id)
      .map((s): TeamDiscipline => ({
        id: Number(s.id),
        name: String(s.name ?? ''),
        component: text(s.census_component),
        taught: byDocente.has(Number(s.id)),
      }));
  }
  return component;
}

/** Everything stage 1 writes: the school, teams, people, managers, teachers and enrolments on the reference date. */
export async function censusData(db: Db, year: number): Promise<CensusData> {
  const k = dynamic(db);
  const reference = referenceDate(year);
  const { school, teams } = await schoolAndTeams(db, year);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const enrolments: EnrolmentRow[] = [];
  const students = new Map<number, PersonRow>();
  for (const { row, student } of await enrolmentsOf(db, teams)) {
    if (!activeOn(row, reference)) continue;
    const person = students.get(Number(student.id)) ?? studentOf(student, school);
    students.set(person.id, person);
    enrolments.push({
      id: Number(row.id),
      student: person,
      team: teamById.get(Number(row.team_id))!,
      public_transport: text(student.public_transport),
      transport_kinds: codes(student.transport_kinds),
    });
  }
  const taught = teams.length
    ? ((await k
        .selectFrom('team_teachers')
        .select(['team_id', 'user_id', 'discipline_id'])
        .where(
          'team_id',
          'in',
          teams.map((t) => t.id),
        )
        .orderBy('team_id')
        .orderBy('user_id')
        .execute()) as Row[])
    : [];
  const assignments = [...new Map(taught.map((a) => [`${a.team_id}:${a.user_id}`, a])).values()];
  const managerRows = (await k
    .selectFrom('users')
    .selectAll()
    .where('manager_position', 'is not', null)
    .where('manager_position', '!=', '')
    .orderBy('id')
    .execute()) as Row[];
  const userIds = [...new Set([...assignments.map((a) => Number(a.user_id)), ...managerRows.map((m) => Number(m.id))])];
  const users = userIds.length
    ? ((await k.selectFrom('users').selectAll().where('id', 'in', userIds).orderBy('id').execute()) as Row[])
    : [];
  const staff = new Map(users.map((u) => [Number(u.id), { row: u, person: staffOf(u, school) }]));
  const roleOf = (userId: unknown) => text(staff.get(Number(userId))?.row.census_role);
  const component = await componentsOf(db, teams, taught, roleOf);
  const teachings: TeachingRow[] = assignments.map((a) => {
    const { row, person } = staff.get(Number(a.user_id))!;
    const theirs = taught.filter((t) => `${t.team_id}:${t.user_id}` === `${a.team_id}:${a.user_id}`);
    return {
      person,
      team: teamById.get(Number(a.team_id))!,
      census_role: text(row.census_role),
      components: componentOrder(theirs.map((t) => component.get(Number(t.discipline_id)))),
    };
  });
  const managers: ManagerRow[] = managerRows.map((m) => ({
    person: staff.get(Number(m.id))!.person,
    manager_position: text(m.manager_position),
  }));
  const people = [...[...students.values()].sort((a, b) => a.id - b.id), ...[...staff.values()].map((s) => s.person)];
  return { year, reference, school, teams, people, managers, teachings, enrolments };
}
