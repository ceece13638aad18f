/**
 * The rows the census layout reads (server/census/data.ts loads them): our records as the census sees them, the
 * code lists already in the layout's own codes (resources/census-codes.ts), JSON lists parsed.
 */
export interface SchoolRow {
  inep_code: string | null;
  cnpj: string | null;
  school_name: string | null;
  administrative_dependency: string | null;
  location_zone: string | null;
  differentiated_location: string | null;
  private_category: string | null;
  /** Mantenedora da escola privada: codes of resources/census-codes.ts PRIVATE_MAINTAINERS. */
  private_maintainer: string[];
  maintainer_cnpj: string | null;
  regulation: string | null;
  regulation_sphere: string | null;
  cep: string | null;
  street: string | null;
  address_number: string | null;
  neighborhood: string | null;
  municipality_ibge: string | null;
  email: string | null;
  phones: string | null;
  /** The census year's school year (Administração › Anos letivos); absent: the year is not registered. */
  year_start: string | null;
  year_end: string | null;
  /** The infrastructure answers (`infra_*` columns), by column name. */
  infra: Record<string, string | number | null>;
}

/** A discipline of a team's grid, as records 20 and 50 see it. */
export interface TeamDiscipline {
  id: number;
  name: string;
  /** Its componente curricular (CURRICULAR_COMPONENTS, resources/census-code-lists.ts); null: not answered. */
  component: string | null;
  /** A docente of the team (census role 1 or 5) teaches it: record 20 writes 1, else 2. */
  taught: boolean;
}

export interface TeamRow {
  id: number;
  name: string;
  grid_id: number | null;
  /** The disciplines of its grid, by name. */
  disciplines: TeamDiscipline[];
  census_stage: string | null;
  mediation: string | null;
  start_time: string | null;
  end_time: string | null;
  /** Seven '0'/'1' flags, Sunday first. */
  weekdays: string | null;
  attendance_kind: string | null;
  inep_id: string | null;
  school: SchoolRow;
}

export interface PersonRow {
  kind: 'aluno' | 'profissional';
  id: number;
  name: string;
  inep_id: string | null;
  cpf: string | null;
  birth_date: string | null;
  /** 'M' | 'F' for students; staff's in the layout's code or the same letters. */
  gender: string | null;
  race: string | null;
  nationality_kind: string | null;
  country_code: string | null;
  birth_municipality_ibge: string | null;
  filiation: string | null;
  name_mother: string | null;
  filiation_2: string | null;
  disabilities: string[];
  assessment_resources: string[];
  birth_certificate: string | null;
  schooling: string | null;
  degree_course: string | null;
  email: string | null;
  school: SchoolRow;
}

export interface ManagerRow {
  person: PersonRow;
  manager_position: string | null;
}

export interface TeachingRow {
  person: PersonRow;
  team: TeamRow;
  census_role: string | null;
  /** The componentes curriculares of the disciplines they teach in the team, each once, in the code's order. */
  components: string[];
}

export interface EnrolmentRow {
  id: number;
  student: PersonRow;
  team: TeamRow;
  public_transport: string | null;
  transport_kinds: string[];
}

/** Stage 2: an enrolment's situation at the end of the year, in the layout's code. */
export interface SituationRow extends EnrolmentRow {
  situation: string;
  /** The enrolment's INEP code, from INEP's return file (record 60 field 7); record 90 writes it in field 7. */
  inep_code: string | null;
  /** Admitted after the reference date: record 91 instead of 90. */
  admitted_after: boolean;
}

/** The manager who answers stage 2 (record 89). */
export interface ManagerSituationRow {
  manager: ManagerRow | null;
  school: SchoolRow;
}

/** Everything one census year's file is made of. */
export interface CensusData {
  year: number;
  reference: string;
  school: SchoolRow;
  teams: TeamRow[];
  people: PersonRow[];
  managers: ManagerRow[];
  teachings: TeachingRow[];
  enrolments: EnrolmentRow[];
}
