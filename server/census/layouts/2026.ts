import type {
  EnrolmentRow,
  ManagerRow,
  ManagerSituationRow,
  PersonRow,
  SchoolRow,
  SituationRow,
  TeachingRow,
  TeamRow,
} from '../rows';
import { CURRICULAR_COMPONENTS } from '../../../resources/census-code-lists';
import { NON_PROFIT_MAINTAINER, PRIVATE_MAINTAINERS } from '../../../resources/census-codes';
import { censusDate, censusEmail, censusName, censusText, digitsOf } from '../text';
import {
  NAMES_00,
  NAMES_10,
  NAMES_20,
  NAMES_30,
  NAMES_40,
  NAMES_50,
  NAMES_60,
  NAMES_89,
  NAMES_90,
  NAMES_91,
} from './2026-fields';
import { recordOf, type FieldSpec, type RowCheck, type Value } from './types';

/**
 * The 2026 Censo Escolar layout (INEP, "Leiaute de importação/migração" — matrícula inicial — and "Situação do
 * aluno"): which field holds what, which are mandatory and when. Codes are the layout's own (the census selects of
 * resources/census-codes.ts store them). A field this school has no data for stays empty and optional.
 */

const PRIVATE = '4';
const PRESENTIAL = '1';
/** Escolarização, in a classroom or a hospital class (the layout's field 18). */
const SCHOOLING = new Set(['0', '1']);
/** Etapas of educação infantil (creche, pré-escola, unificada): no série/ano organisation, no components. */
const EARLY_YEARS = new Set(['1', '2', '3']);
/** "Educação superior" among the levels of schooling: the course becomes mandatory. */
const HIGHER_EDUCATION = '6';

const isPrivate = (s: SchoolRow) => s.administrative_dependency === PRIVATE;
const flag = (on: boolean): number => (on ? 1 : 0);
const has = (v: Value) => v !== null && v !== undefined && String(v).trim() !== '';

// ——— Record 00: the school ———

/** The first phone's area code and number (the layout's DDD and Telefone). */
function phone(s: SchoolRow): { ddd: string; number: string } {
  const first = digitsOf((s.phones ?? '').split(',')[0]);
  return first.length >= 10 ? { ddd: first.slice(0, 2), number: first.slice(2) } : { ddd: '', number: '' };
}

const school = (fix: string, missing: string): FieldSpec<SchoolRow>['fix'] => ({ field: fix, missing });
/** A CNPJ as the layout takes it: its 14 characters (digits, or letters and digits from July 2026). */
const cnpjOf = (cnpj: string | null) => (cnpj ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
/** Regulamentação "Sim" (1) or "Em tramitação" (2): the council's sphere is owed. */
const regulated = (s: SchoolRow) => s.regulation === '1' || s.regulation === '2';
/** A non-profit mantenedora of a regulated private school owes its CNPJ (i-Educar's CnpjMantenedoraPrivada rule). */
const needsMaintainerCnpj = (s: SchoolRow) =>
  isPrivate(s) && s.regulation === '1' && s.private_maintainer.includes(NON_PROFIT_MAINTAINER);

const school00: Record<number, FieldSpec<SchoolRow>> = {
  1: { value: () => '00', required: true, size: 2 },
  2: {
    value: (s) => digitsOf(s.inep_code),
    required: true,
    size: 8,
    fix: school('inep_code', 'código INEP não informado'),
  },
  3: { value: () => 1, required: true },
  4: {
    value: (s) => censusDate(s.year_start),
    type: 'data',
    size: 10,
    required: true,
    fix: school('year', 'ano letivo não cadastrado'),
  },
  5: { value: (s) => censusDate(s.year_end), type: 'data', size: 10, required: true },
  6: {
    value: (s) => censusText(s.school_name),
    type: 'alfa',
    size: 100,
    required: true,
    fix: school('school_name', 'nome não informado'),
  },
  7: { value: (s) => digitsOf(s.cep), size: 8, required: true, fix: school('cep', 'CEP não informado') },
  8: {
    value: (s) => digitsOf(s.municipality_ibge),
    size: 7,
    required: true,
    fix: school('municipality_ibge', 'município (código IBGE) não informado'),
  },
  9: { size: 2 },
  10: {
    value: (s) => censusText(s.street),
    type: 'alfa',
    size: 100,
    required: true,
    fix: school('street', 'endereço não informado'),
  },
  11: { value: (s) => censusText(s.address_number), type: 'alfa', size: 10 },
  12: { type: 'alfa', size: 20 },
  13: { value: (s) => censusText(s.neighborhood), type: 'alfa', size: 50 },
  14: { value: (s) => phone(s).ddd, size: 2 },
  15: { value: (s) => phone(s).number, size: 9 },
  16: { size: 9 },
  17: { value: (s) => censusEmail(s.email), type: 'alfa', size: 100 },
  18: { size: 5 },
  19: { value: (s) => s.location_zone, required: true, fix: school('location_zone', 'localização/zona não informada') },
  20: {
    value: (s) => s.differentiated_location,
    required: true,
    fix: school('differentiated_location', 'localização diferenciada não informada'),
  },
  21: {
    value: (s) => s.administrative_dependency,
    required: true,
    fix: school('administrative_dependency', 'dependência administrativa não informada'),
  },
  32: {
    value: (s) => (isPrivate(s) ? s.private_category : ''),
    required: isPrivate,
    fix: school('private_category', 'categoria da escola privada não informada'),
  },
  // Poder público responsável por parceria ou convênio (estadual, municipal): the school keeps no partnership, so
  // both are "não"; a conveniada school would also owe the forms of contract (35–46), which are not kept.
  33: { value: () => 0, required: true },
  34: { value: () => 0, required: true },
  47: {
    value: (s) => (isPrivate(s) ? cnpjOf(s.maintainer_cnpj) : ''),
    type: 'alfa',
    size: 14,
    required: needsMaintainerCnpj,
    fix: school('maintainer_cnpj', 'CNPJ da mantenedora principal não informado'),
  },
  48: {
    value: (s) => (isPrivate(s) ? cnpjOf(s.cnpj) : ''),
    type: 'alfa',
    size: 14,
    required: isPrivate,
    fix: school('cnpj', 'CNPJ não informado'),
  },
  49: {
    value: (s) => s.regulation,
    required: true,
    fix: school('regulation', 'regulamentação/autorização não informada'),
  },
  50: {
    value: (s) => (regulated(s) ? s.regulation_sphere : ''),
    required: regulated,
    fix: school('regulation_sphere', 'esfera do conselho ou órgão que regulamenta a escola não informada'),
  },
  51: { value: () => 0, required: true },
  52: { size: 8 },
  53: { size: 6 },
};
for (const [i, code] of PRIVATE_MAINTAINERS.map((o) => o.value).entries())
  school00[26 + i] = {
    value: (s) => (isPrivate(s) && s.private_maintainer.length ? flag(s.private_maintainer.includes(code)) : ''),
    required: isPrivate,
    // The first of the six names the form field once.
    fix: i === 0 ? school('private_maintainer', 'mantenedora da escola privada não informada') : undefined,
  };

export const record00 = recordOf<SchoolRow>('00', 'Cadastro de escola – identificação', NAMES_00, school00);

// ——— Record 10: the school's infrastructure ———

/**
 * The infrastructure answers the school keeps (`infra_*` columns of school_settings, JSON lists of the codes of
 * resources/census-codes.ts) and where each code goes in record 10 (a 0/1 field per item of the layout's list). Each
 * list is mandatory for a school in activity; the rest of record 10 stays empty.
 */
export const INFRA_GROUPS: { column: string; missing: string; positions: Record<string, number> }[] = [
  {
    column: 'infra_building',
    missing: 'local de funcionamento não informado',
    positions: { '3': 3, '7': 4, '8': 5, '9': 6, '10': 7, '11': 8 },
  },
  {
    column: 'infra_water',
    missing: 'abastecimento de água não informado',
    positions: { '1': 18, '2': 19, '3': 20, '4': 21, '5': 23 },
  },
  {
    column: 'infra_energy',
    missing: 'fonte de energia elétrica não informada',
    positions: { '1': 24, '2': 25, '3': 26, '4': 27 },
  },
  {
    column: 'infra_sewage',
    missing: 'esgotamento sanitário não informado',
    positions: { '1': 28, '2': 29, '4': 30, '3': 31 },
  },
  {
    column: 'infra_waste',
    missing: 'destinação do lixo não informada',
    positions: { '1': 32, '2': 33, '7': 34, '5': 35, '3': 36 },
  },
  {
    column: 'infra_internet',
    missing: 'acesso à internet não informado',
    positions: { '2': 111, '3': 112, '4': 113, '5': 114, '1': 115 },
  },
];

/** A JSON list column's codes. */
function listOf(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

const infraSpecs: Record<number, FieldSpec<SchoolRow>> = {
  1: { value: () => '10', required: true, size: 2 },
  2: { value: (s) => digitsOf(s.inep_code), required: true, size: 8 },
  17: {
    value: (s) => s.infra.infra_drinking_water,
    required: true,
    fix: { field: 'infra_drinking_water', missing: 'fornecimento de água potável não informado' },
  },
  91: {
    value: (s) => s.infra.infra_classrooms,
    size: 4,
    required: true,
    fix: { field: 'infra_classrooms', missing: 'número de salas de aula não informado' },
  },
};
for (const { column, missing, positions } of INFRA_GROUPS) {
  const answered = (s: SchoolRow) => listOf(s.infra[column]).length > 0;
  Object.entries(positions).forEach(([code, position], i) => {
    infraSpecs[position] = {
      value: (s) => (answered(s) ? flag(listOf(s.infra[column]).includes(code)) : ''),
      required: true,
      // The first item of the list names the form field once.
      fix: i === 0 ? { field: column, missing } : undefined,
    };
  });
}

export const record10 = recordOf<SchoolRow>(
  '10',
  'Cadastro de escola – caracterização e infraestrutura',
  NAMES_10,
  infraSpecs,
);

// ——— Record 20: a team ———

const presential = (t: TeamRow) => t.mediation === PRESENTIAL;
const schooling = (t: TeamRow) => SCHOOLING.has(t.attendance_kind ?? '');
const time = (value: string | null) => (/^\d{2}:\d{2}$/.test(value ?? '') ? value! : '');
const hasDay = (t: TeamRow) => /^[01]*1[01]*$/.test(t.weekdays ?? '') && (t.weekdays ?? '').length === 7;
/** A weekday's field (0 Sunday … 6 Saturday): the day's "HH:MM-HH:MM" when the team meets then, else empty. */
const day = (i: number) => (t: TeamRow) =>
  presential(t) && hasDay(t) && t.weekdays![i] === '1' && time(t.start_time) && time(t.end_time)
    ? `${t.start_time}-${t.end_time}`
    : '';

/**
 * Etapa agregada of an etapa (field 23; ipti/br.tag migrations 3.3.0): 301 educação infantil, 302 fundamental,
 * 303 multi e correção de fluxo, 304 médio, 305 médio normal/magistério, 306 EJA, 308 técnico concomitante ou
 * subsequente e FIC.
 */
const AGGREGATED: Record<string, string> = {};
for (const [code, stages] of Object.entries({
  '301': '1 2 3',
  '302': '14 15 16 17 18 19 20 21 41',
  '303': '22 23 56',
  '304': '25 26 27 28 29',
  '305': '35 36 37 38',
  '306': '67 69 70 71 72 73 74',
  '308': '39 40 64 68',
}))
  for (const stage of stages.split(' ')) AGGREGATED[stage] = code;
const aggregated = (t: TeamRow) => (schooling(t) ? (AGGREGATED[t.census_stage ?? ''] ?? '') : '');
/** The ensino médio's agregadas: the curricular structure (30–32) instead of the etapa. */
const highSchool = (t: TeamRow) => ['304', '305'].includes(aggregated(t));
const staged = (t: TeamRow) => schooling(t) && !highSchool(t);
const organised = (t: TeamRow) => schooling(t) && !EARLY_YEARS.has(t.census_stage ?? '');

/**
 * Tipo de turma (field 14), one code where 2025 had three 0/1 fields: 6 escolarização, 4 atividade complementar,
 * 5 atendimento educacional especializado (ipti/br.tag Register20::resolveClassTypeFor2026).
 */
function teamKind(t: TeamRow): string {
  if (!t.attendance_kind) return '';
  if (schooling(t)) return '6';
  return t.attendance_kind === '4' || t.attendance_kind === '5' ? t.attendance_kind : '';
}

const team20: Record<number, FieldSpec<TeamRow>> = {
  1: { value: () => '20', required: true, size: 2 },
  2: { value: (t) => digitsOf(t.school.inep_code), required: true, size: 8 },
  3: { value: (t) => String(t.id), type: 'alfa', size: 20, required: true },
  4: { value: (t) => digitsOf(t.inep_id), size: 10 },
  5: { value: (t) => censusText(t.name), type: 'alfa', size: 80, required: true },
  6: {
    value: (t) => t.mediation,
    required: true,
    fix: { field: 'mediation', missing: 'tipo de mediação não informado' },
  },
  // The schedule lives in the seven day fields (7–13); each of the three answers that make it is checked once, on
  // the first three days: a presential team without a start, an end or a day writes every day empty.
  7: {
    value: day(0),
    type: 'alfa',
    size: 11,
    required: (t) => presential(t) && !time(t.start_time),
    fix: { field: 'start_time', missing: 'horário de início ausente' },
  },
  8: {
    value: day(1),
    type: 'alfa',
    size: 11,
    required: (t) => presential(t) && !time(t.end_time),
    fix: { field: 'end_time', missing: 'horário de término ausente' },
  },
  9: {
    value: day(2),
    type: 'alfa',
    size: 11,
    required: (t) => presential(t) && !hasDay(t),
    fix: { field: 'weekdays', missing: 'dias da semana não informados' },
  },
  14: {
    value: teamKind,
    required: true,
    fix: { field: 'attendance_kind', missing: 'tipo de atendimento não informado' },
  },
  // "A turma não está em local de funcionamento diferenciado" unless taught at a distance.
  21: { value: (t) => (t.mediation === '3' ? '' : 1), required: (t) => t.mediation !== '3' },
  // Not a classe especial (the school keeps none).
  22: { value: (t) => (schooling(t) ? 0 : ''), required: schooling },
  23: {
    value: aggregated,
    size: 3,
    required: schooling,
    fix: { field: 'census_stage', missing: 'etapa de ensino (Educacenso) não informada' },
  },
  24: { value: (t) => (staged(t) ? t.census_stage : ''), size: 2, required: staged },
  25: { size: 2 },
  26: { size: 8 },
  27: { size: 5 },
  // Série/ano (1) unless educação infantil, which has no form of organisation.
  28: { value: (t) => (organised(t) ? 1 : ''), required: organised },
  // Formação por alternância: "não"; INEP wants the 0 even in educação infantil.
  29: { value: (t) => (schooling(t) ? 0 : ''), required: schooling },
  // A regular school's ensino médio follows the formação geral básica.
  30: { value: (t) => (highSchool(t) ? 1 : ''), required: highSchool },
  31: { value: (t) => (highSchool(t) ? 0 : ''), required: highSchool },
  32: { value: (t) => (highSchool(t) ? 0 : ''), required: highSchool },
  38: { size: 8 },
  66: { value: () => 0, required: true },
};
for (let i = 3; i < 7; i++) team20[7 + i] = { value: day(i), type: 'alfa', size: 11 };
for (let p = 15; p <= 20; p++) team20[p] = { size: 5 };

/**
 * The componentes curriculares (record 20 fields 39–65, record 50 fields 9–33) are answered by a schooling team
 * outside educação infantil, and only there (i-Educar's `canExportComponente`; ipti/br.tag writes them empty for
 * etapas 1–3, AEE and atividade complementar).
 */
const withComponents = organised;
/** Record 20's first component field: 27 fields, one per code of CURRICULAR_COMPONENTS, in its order. */
const FIRST_COMPONENT = 39;
if (CURRICULAR_COMPONENTS.length !== 27) throw new Error('Registro 20: o leiaute tem 27 componentes curriculares.');

/**
 * A componente's field: 1 offered with a docente, 2 offered without one, 0 not offered (i-Educar's
 * getCensoValueForDiscipline: "oferece … com/sem docente vinculado"), from the disciplines of the team's grid.
 */
const offer = (code: string) => (t: TeamRow) => {
  if (!withComponents(t)) return '';
  const offered = t.disciplines.filter((d) => d.component === code);
  if (!offered.length) return 0;
  return offered.some((d) => d.taught) ? 1 : 2;
};
for (const [i, { value: code }] of CURRICULAR_COMPONENTS.entries())
  team20[FIRST_COMPONENT + i] = { value: offer(code), required: withComponents };

/**
 * What the components need of a team's grid: disciplines, each with its componente (i-Educar refuses a team without
 * disciplines and one whose discipline has no "disciplina Educacenso").
 */
function componentChecks(t: TeamRow): RowCheck[] {
  if (!withComponents(t)) return [];
  if (!t.disciplines.length)
    return [
      {
        field: 'grid_id',
        missing: 'a grade da turma não tem disciplinas (o Censo pede os componentes curriculares)',
        link: t.grid_id ? `/admin/grades/${t.grid_id}/editar` : `/admin/turmas/${t.id}/editar`,
      },
    ];
  return t.disciplines
    .filter((d) => !d.component)
    .map((d) => ({
      field: `census_component:${d.id}`,
      missing: `a disciplina ${d.name} não tem o componente curricular do Censo`,
      link: `/admin/disciplinas/${d.id}/editar`,
    }));
}

export const record20 = {
  ...recordOf<TeamRow>('20', 'Cadastro de turma', NAMES_20, team20),
  checks: componentChecks,
};

// ——— Record 30: a person (student or staff) ———

/** Where each disability / autism / high-abilities code of the census select goes in record 30 (fields 18–28). */
export const DISABILITY_FIELDS: Record<string, number> = {
  '1': 18, // cegueira
  '2': 19, // baixa visão
  '8': 20, // visão monocular
  '3': 21, // surdez
  '4': 22, // deficiência auditiva
  '5': 23, // surdocegueira
  '6': 24, // deficiência física
  '7': 25, // deficiência intelectual
  '25': 27, // transtorno do espectro autista
  '13': 28, // altas habilidades/superdotação
};

/** Deficiências proper (fields 18–25): two or more make the layout's "deficiência múltipla" (field 26). */
const DEFICIENCIES = new Set(['1', '2', '8', '3', '4', '5', '6', '7']);
const HIGH_ABILITIES = '13';

/**
 * The resources for assessments (fields 36–48; 49 is "Nenhum"). Braille is the material (46); the 2026 layout's
 * "Prova em Braille" (47) and "Tempo adicional" (48) have no answer of ours yet.
 */
export const RESOURCE_FIELDS: Record<string, number> = {
  '1': 36, // auxílio ledor
  '2': 37, // auxílio transcrição
  '3': 38, // guia-intérprete
  '4': 39, // tradutor-intérprete de Libras
  '5': 40, // leitura labial
  '10': 41, // prova ampliada
  '8': 42, // prova superampliada
  '11': 43, // CD com áudio
  '12': 44, // língua portuguesa como segunda língua
  '13': 45, // prova em vídeo em Libras
  '9': 46, // material didático em Braille
};

const student = (p: PersonRow) => p.kind === 'aluno';
const staff = (p: PersonRow) => p.kind === 'profissional';
const disabled = (p: PersonRow) => p.disabilities.length > 0;
/** Deficiência (not only high abilities): students answer the assessment resources. */
const needsResources = (p: PersonRow) => student(p) && p.disabilities.some((d) => d !== HIGH_ABILITIES);
const deficiencies = (p: PersonRow) => p.disabilities.filter((d) => DEFICIENCIES.has(d)).length;
const brazilian = (p: PersonRow) => p.nationality_kind === '1';

/** The person's code in our system, the same in every record that names them (30, 40, 50, 60). */
export const personCode = (p: PersonRow) => `${p.kind === 'aluno' ? 'A' : 'P'}${p.id}`;

const person30: Record<number, FieldSpec<PersonRow>> = {
  1: { value: () => '30', required: true, size: 2 },
  2: { value: (p) => digitsOf(p.school.inep_code), required: true, size: 8 },
  3: { value: personCode, type: 'alfa', size: 20, required: true },
  4: { value: (p) => digitsOf(p.inep_id), size: 12 },
  5: { value: (p) => digitsOf(p.cpf), size: 11, required: staff, fix: { field: 'cpf', missing: 'CPF não informado' } },
  6: { value: (p) => censusName(p.name), type: 'alfa', size: 100, required: true },
  7: {
    value: (p) => censusDate(p.birth_date),
    type: 'data',
    size: 10,
    required: true,
    fix: { field: 'birth_date', missing: 'data de nascimento não informada' },
  },
  8: { value: (p) => p.filiation, required: true, fix: { field: 'filiation', missing: 'filiação não informada' } },
  9: {
    value: (p) => (p.filiation === '1' ? censusName(p.name_mother) : ''),
    type: 'alfa',
    size: 100,
    required: (p) => p.filiation === '1' && !has(censusName(p.filiation_2)),
    fix: { field: 'name_mother', missing: 'filiação 1 (nome da mãe) não informada' },
  },
  10: { value: (p) => (p.filiation === '1' ? censusName(p.filiation_2) : ''), type: 'alfa', size: 100 },
  11: {
    value: (p) => ({ M: '1', F: '2', '1': '1', '2': '2' })[p.gender ?? ''] ?? '',
    required: true,
    fix: { field: 'gender', missing: 'sexo não informado' },
  },
  12: { value: (p) => p.race, required: true, fix: { field: 'race', missing: 'cor/raça não informada' } },
  13: { size: 3 },
  14: {
    value: (p) => p.nationality_kind,
    required: true,
    fix: { field: 'nationality_kind', missing: 'nacionalidade não informada' },
  },
  15: {
    value: (p) => (brazilian(p) || p.nationality_kind === '2' ? '76' : digitsOf(p.country_code)),
    size: 3,
    required: true,
    fix: { field: 'country_code', missing: 'país de nacionalidade não informado' },
  },
  16: {
    value: (p) => (brazilian(p) ? digitsOf(p.birth_municipality_ibge) : ''),
    size: 7,
    required: brazilian,
    fix: { field: 'birth_municipality_ibge', missing: 'município de nascimento não informado' },
  },
  17: { value: (p) => flag(disabled(p)), required: true },
  // Deficiência múltipla: the layout asks for it when two or more of the deficiências are marked.
  26: { value: (p) => (disabled(p) ? flag(deficiencies(p) >= 2) : ''), required: disabled },
  49: { value: (p) => (needsResources(p) ? flag(p.assessment_resources.length === 0) : ''), required: needsResources },
  50: { value: (p) => (student(p) ? digitsOf(p.birth_certificate) : ''), size: 32 },
  51: { value: () => '76', size: 3, required: true },
  52: { size: 8 },
  53: { size: 7 },
  56: {
    value: (p) => (staff(p) ? p.schooling : ''),
    required: staff,
    fix: { field: 'schooling', missing: 'escolaridade não informada' },
  },
  58: {
    value: (p) => (staff(p) && p.schooling === HIGHER_EDUCATION ? p.degree_course : ''),
    type: 'alfa',
    size: 8,
    required: (p) => staff(p) && p.schooling === HIGHER_EDUCATION,
    fix: { field: 'degree_course', missing: 'curso superior não informado' },
  },
  110: { value: (p) => (staff(p) ? censusEmail(p.email) : ''), type: 'alfa', size: 100 },
};
for (const [code, position] of Object.entries(DISABILITY_FIELDS))
  person30[position] = { value: (p) => (disabled(p) ? flag(p.disabilities.includes(code)) : ''), required: disabled };
for (const [code, position] of Object.entries(RESOURCE_FIELDS))
  person30[position] = {
    value: (p) => (needsResources(p) ? flag(p.assessment_resources.includes(code)) : ''),
    required: needsResources,
  };
// Each course's year of conclusion (4) and institution (7) after its code (58, 61, 64: 8).
for (const p of [59, 60, 62, 63, 65, 66]) person30[p] = { size: p % 3 === 2 ? 4 : 7 };

export const record30 = recordOf<PersonRow>('30', 'Cadastro de pessoa física', NAMES_30, person30, {
  58: 8,
  61: 8,
  64: 8,
});

// ——— Record 40: a manager ———

export const record40 = recordOf<ManagerRow>('40', 'Vínculo do gestor(a) escolar', NAMES_40, {
  1: { value: () => '40', required: true, size: 2 },
  2: { value: (m) => digitsOf(m.person.school.inep_code), required: true, size: 8 },
  3: { value: (m) => personCode(m.person), type: 'alfa', size: 20, required: true },
  4: { value: (m) => digitsOf(m.person.inep_id), size: 12 },
  5: {
    value: (m) => m.manager_position,
    required: true,
    fix: { field: 'manager_position', missing: 'cargo de gestor não informado' },
  },
});

// ——— Record 50: a teacher in a team ———

/** Record 50's component fields: up to 25 codes (9–33). */
const FIRST_TAUGHT = 9;
const TAUGHT_FIELDS = 25;
/**
 * A docente (1) or docente titular of EaD (5) of a team with components lists the codes of what they teach there;
 * every other role leaves them empty (i-Educar's ExportRule/ComponentesCurriculares; ipti/br.tag Register50).
 */
const listsComponents = (t: TeachingRow) => withComponents(t.team) && ['1', '5'].includes(t.census_role ?? '');

const teaching50: Record<number, FieldSpec<TeachingRow>> = {
  1: { value: () => '50', required: true, size: 2 },
  2: { value: (t) => digitsOf(t.team.school.inep_code), required: true, size: 8 },
  3: { value: (t) => personCode(t.person), type: 'alfa', size: 20, required: true },
  4: { value: (t) => digitsOf(t.person.inep_id), size: 12 },
  5: { value: (t) => String(t.team.id), type: 'alfa', size: 20, required: true },
  6: { value: (t) => digitsOf(t.team.inep_id), size: 10 },
  7: {
    value: (t) => t.census_role,
    required: true,
    fix: { field: 'census_role', missing: 'função no Censo não informada' },
  },
  // The first code is owed by a docente of a team with components whose disciplines have theirs (the team's check
  // names those without).
  [FIRST_TAUGHT]: { value: (t) => (listsComponents(t) ? t.components[0] : ''), size: 2, required: listsComponents },
};
for (let i = 1; i < TAUGHT_FIELDS; i++)
  teaching50[FIRST_TAUGHT + i] = { value: (t) => (listsComponents(t) ? t.components[i] : ''), size: 2 };

export const record50 = recordOf<TeachingRow>(
  '50',
  'Vínculo do profissional escolar em sala de aula',
  NAMES_50,
  teaching50,
);

// ——— Record 60: an enrolment ———

export const TRANSPORT_FIELDS: Record<string, number> = {
  '4': 24, // bicicleta
  '2': 25, // micro-ônibus
  '3': 26, // ônibus
  '5': 27, // tração animal
  '1': 28, // vans/kombis
  '6': 29, // outro rodoviário
  '7': 30, // embarcação até 5
  '8': 31, // embarcação 5 a 15
  '9': 32, // embarcação 15 a 35
  '10': 33, // embarcação acima de 35
};

const schooled = (e: EnrolmentRow) => schooling(e.team);
/** `public_transport` is the public power responsible (1 estadual, 2 municipal); empty: the student does not use it. */
const transported = (e: EnrolmentRow) => schooled(e) && has(e.public_transport);

const enrolment60: Record<number, FieldSpec<EnrolmentRow>> = {
  1: { value: () => '60', required: true, size: 2 },
  2: { value: (e) => digitsOf(e.team.school.inep_code), required: true, size: 8 },
  3: { value: (e) => personCode(e.student), type: 'alfa', size: 20, required: true },
  4: { value: (e) => digitsOf(e.student.inep_id), size: 12 },
  5: { value: (e) => String(e.team.id), type: 'alfa', size: 20, required: true },
  6: { value: (e) => digitsOf(e.team.inep_id), size: 10 },
  7: { size: 12 },
  8: { size: 2 },
  // Carga horária integralizada (new in 2026): not kept; optional as far as the sources show.
  9: { size: 4 },
  // 3: "Não recebe" escolarização em outro espaço.
  21: { value: (e) => (schooled(e) ? 3 : ''), required: schooled },
  22: { value: (e) => (schooled(e) ? flag(transported(e)) : ''), required: schooled },
  23: { value: (e) => (transported(e) ? e.public_transport : ''), required: transported },
  24: {
    value: (e) => (transported(e) ? flag(e.transport_kinds.includes('4')) : ''),
    required: (e) => transported(e) && e.transport_kinds.length === 0,
    fix: { field: 'transport_kinds', missing: 'tipo de veículo do transporte escolar não informado' },
  },
};
for (const [code, position] of Object.entries(TRANSPORT_FIELDS))
  if (position !== 24)
    enrolment60[position] = {
      value: (e) => (transported(e) ? flag(e.transport_kinds.includes(code)) : ''),
      required: transported,
    };

export const record60 = recordOf<EnrolmentRow>('60', 'Matrícula do aluno(a) na turma', NAMES_60, enrolment60);

export const record99 = recordOf<null>('99', 'Fim do arquivo', ['Tipo de registro'], {
  1: { value: () => '99', required: true, size: 2 },
});

// ——— Stage 2: situação do aluno ———

/**
 * The situation codes of stage 2 (INEP, "Situação do aluno", record 90 field 8 and record 91 field 11; the same seven
 * in i-Educar's convertSituationIEducarToEducacenso, portabilis/i-educar-educacenso-package src/Helpers/Util.php):
 * 1 transferido, 2 deixou de frequentar, 3 falecido, 4 reprovado, 5 aprovado, 6 concluinte, 7 em andamento/sem
 * movimentação.
 */
export const SITUATION = {
  transferido: '1',
  deixou_de_frequentar: '2',
  falecido: '3',
  reprovado: '4',
  aprovado: '5',
  concluinte: '6',
  em_andamento: '7',
} as const;

/**
 * Etapas whose approval ends the course (3ª/4ª série of the ensino médio, its integrated and normal forms, the 9º ano,
 * technical courses, EJA's last stages): an approved student there is "concluinte" (6), not "aprovado" (5).
 * i-Educar's list, the same source as SITUATION.
 */
export const CONCLUDING_STAGES = new Set('27 28 29 32 33 34 37 38 39 40 41 67 68 70 71 73 74'.split(' '));

/** An approval in a team of this etapa: concluinte, sem movimentação in educação infantil, else aprovado. */
export function approvalIn(stage: string | null): string {
  if (CONCLUDING_STAGES.has(stage ?? '')) return SITUATION.concluinte;
  if (EARLY_YEARS.has(stage ?? '')) return SITUATION.em_andamento;
  return SITUATION.aprovado;
}

export const record89 = recordOf<ManagerSituationRow>('89', 'Situação do aluno – escola e gestor(a)', NAMES_89, {
  1: { value: () => '89', required: true, size: 2 },
  2: { value: (m) => digitsOf(m.school.inep_code), required: true, size: 8 },
  3: {
    value: (m) => digitsOf(m.manager?.person.cpf),
    size: 11,
    required: true,
    fix: { field: 'cpf', missing: 'CPF do gestor não informado' },
  },
  4: {
    value: (m) => censusName(m.manager?.person.name),
    type: 'alfa',
    size: 100,
    required: true,
    fix: { field: 'manager_position', missing: 'gestor escolar não informado' },
  },
  5: { value: (m) => m.manager?.manager_position, required: true },
  6: {
    value: (m) => censusEmail(m.manager?.person.email),
    type: 'alfa',
    size: 100,
    required: true,
    fix: { field: 'email', missing: 'e-mail do gestor não informado' },
  },
});

const situationIds: Record<number, FieldSpec<SituationRow>> = {
  2: { value: (e) => digitsOf(e.team.school.inep_code), required: true, size: 8 },
  3: { value: (e) => String(e.team.id), type: 'alfa', size: 20, required: true },
  4: {
    value: (e) => digitsOf(e.team.inep_id),
    size: 10,
    required: true,
    fix: {
      field: 'inep_id',
      missing: 'código INEP da turma não informado (importe o arquivo de retorno)',
      about: 'turma',
    },
  },
  5: {
    value: (e) => digitsOf(e.student.inep_id),
    size: 12,
    required: true,
    fix: { field: 'inep_id', missing: 'código INEP do aluno não informado (importe o arquivo de retorno)' },
  },
  6: { value: (e) => personCode(e.student), type: 'alfa', size: 20, required: true },
  // i-Educar's IsNotEmptyInepNumberEnrollment: INEP gave the code in the return file of stage 1 (record 60 field 7).
  7: {
    value: (e) => digitsOf(e.inep_code),
    size: 12,
    required: true,
    fix: {
      field: 'registration_inep_code',
      missing: 'código INEP da matrícula ausente (vem do arquivo de retorno do INEP)',
    },
  },
};

export const record90 = recordOf<SituationRow>('90', 'Situação do aluno(a)', NAMES_90, {
  1: { value: () => '90', required: true, size: 2 },
  ...situationIds,
  8: { value: (e) => e.situation, required: true },
});

const newTeam = (e: SituationRow) => !digitsOf(e.team.inep_id);

export const record91 = recordOf<SituationRow>('91', 'Aluno(a) admitido(a) após a data de referência', NAMES_91, {
  1: { value: () => '91', required: true, size: 2 },
  ...situationIds,
  4: { value: (e) => digitsOf(e.team.inep_id), size: 10 },
  5: { value: (e) => digitsOf(e.student.inep_id), size: 12 },
  // Admitted after the reference date, the enrolment was not in stage 1: INEP has given it no code (written if any).
  7: { value: (e) => digitsOf(e.inep_code), size: 12 },
  // Mediação, modalidade and etapa describe a team INEP does not know yet (created after stage 1); a team with its
  // INEP code leaves them empty, as i-Educar's stage 2 (Layout2023/2024 SituationRepository) writes them.
  8: { value: (e) => (newTeam(e) ? e.team.mediation : ''), required: newTeam },
  9: { value: (e) => (newTeam(e) && schooled(e) ? 1 : ''), required: (e) => newTeam(e) && schooled(e) },
  10: { value: (e) => (newTeam(e) ? e.team.census_stage : ''), size: 2, required: newTeam },
  11: { value: (e) => e.situation, required: true },
});

/** The 2026 layout: stage 1's records in the file's order, stage 2's, the file's encoding and line ending. */
export const layout2026 = {
  year: 2026,
  /** "Deve ser utilizado o padrão ISO-8859-1 de codificação de caracteres" (regras gerais of both files). */
  encoding: 'latin1' as const,
  /**
   * One record per line. The layout's general rules name no line ending; LF is what i-Educar's files, which INEP's
   * importer takes every year, end their lines with.
   */
  newline: '\n',
  record00,
  record10,
  record20,
  record30,
  record40,
  record50,
  record60,
  record99,
  record89,
  record90,
  record91,
  SITUATION,
};

export type Layout = typeof layout2026;
