import { ATTENDANCE_KINDS, CENSUS_STAGES, MEDIATIONS, WEEKDAYS } from './census-codes';
import { defineResource, referenceTo, systemFields, type FieldConfig } from './types';

/** The census data of a team (Educacenso, Registro 20; issue 40), typed in the form's Censo section. */
export const teamCensusFields: FieldConfig[] = [
  { name: 'census_stage', label: 'Etapa de ensino (Censo)', type: 'select', options: CENSUS_STAGES },
  { name: 'mediation', label: 'Mediação didático-pedagógica', type: 'select', options: MEDIATIONS, default: '1' },
  { name: 'attendance_kind', label: 'Tipo de atendimento', type: 'select', options: ATTENDANCE_KINDS, default: '0' },
  { name: 'start_time', label: 'Horário de início', type: 'time', maxLength: 5 },
  { name: 'end_time', label: 'Horário de término', type: 'time', maxLength: 5 },
  // Sunday first, one '0'/'1' a day: '0111110' is Monday to Friday.
  { name: 'weekdays', label: 'Dias da semana', type: 'multiselect', options: WEEKDAYS, flags: true, wide: true },
  {
    name: 'inep_id',
    label: 'Código INEP da turma',
    type: 'digits',
    maxLength: 10,
    helperText: 'Vem do arquivo de retorno do Educacenso.',
  },
];

const GENERAL = [
  'name',
  'start_date',
  'end_date',
  'school_year_id',
  'polo_id',
  'grid_id',
  'payment_plan_id',
  'capacity',
];

/** Turmas: a class — one polo, one grid, start and end dates. */
export const teams = defineResource({
  name: 'teams',
  apiPath: '/teams',
  table: 'teams',
  labels: { singular: 'Turma', plural: 'Turmas', gender: 'f' },
  adminPath: 'turmas',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150, upperCaseInList: true },
    {
      name: 'registrations_count',
      label: 'Matriculados',
      type: 'integer',
      count: { table: 'registrations', foreignKey: 'team_id' },
      cell: 'enrolmentBadge',
    },
    { name: 'start_date', label: 'Início', type: 'date', required: true, answeredAs: 'dd/mm/aaaa' },
    {
      name: 'end_date',
      label: 'Término',
      type: 'date',
      required: true,
      notBefore: 'start_date',
      answeredAs: 'dd/mm/aaaa',
    },
    referenceTo('polos', 'polo_id', 'Polo', 'polo', { required: true }),
    referenceTo('grids', 'grid_id', 'Grade', 'grid', { required: true }),
    // Optional on the wire: a client of the original API sends none and the server takes the start date's year.
    {
      name: 'school_year_id',
      label: 'Ano letivo',
      type: 'reference',
      reference: { resource: 'school-years', embedAs: 'school_year', labelField: 'year' },
      helperText: 'Vazio: o ano da data de início.',
    },
    // Applied to each enrolment of the rollover into this team when the office asks (server/school-year/rollover).
    referenceTo('payment-plans', 'payment_plan_id', 'Plano de pagamento', 'payment_plan'),
    // Places offered to new families (issue 39): the public admission form puts requests past it on the waiting list.
    {
      name: 'capacity',
      label: 'Vagas',
      type: 'integer',
      min: 1,
      max: 9999,
      helperText: 'Vazio: sem limite. Conta as matrículas ativas e os pedidos de matrícula pendentes ou aceitos.',
    },
    ...teamCensusFields,
    systemFields.createdAt,
  ],
  list: {
    columns: [
      'id',
      'name',
      'registrations_count',
      'capacity',
      'school_year_id',
      'start_date',
      'end_date',
      'polo_id',
      'grid_id',
      'created_at',
    ],
    defaultSort: { field: 'id', order: 'DESC' },
    perPage: 15,
    perPageOptions: [15, 25, 35, 55],
    filters: [
      // The admin opens on this year's teams (`initial`); the office switches to another year or clears it.
      { param: 'school_year_id', label: 'Ano letivo', field: 'school_year_id', initial: 'currentYear' },
      { param: 'year', label: 'Ano', field: 'start_date', part: 'year' },
      { param: 'polo_id', label: 'Polo', field: 'polo_id' },
      { param: 'grid_id', label: 'Grade', field: 'grid_id' },
    ],
  },
  searchFields: ['id', 'name', 'polo_id', 'grid_id'],
  sortableFields: [
    'id',
    'name',
    'registrations_count',
    'school_year_id',
    'start_date',
    'end_date',
    'polo_id',
    'grid_id',
    'created_at',
  ],
  formFields: [...GENERAL, ...teamCensusFields.map((f) => f.name)],
  sections: [
    { title: 'Turma', fields: GENERAL },
    { title: 'Censo', fields: teamCensusFields.map((f) => f.name) },
  ],
  menu: { group: 'Pedagógico', icon: 'groups', label: 'Turmas' },
  access: { read: 'teams.read', write: 'teams.write' },
  // A teacher reaches only the teams they teach.
  teamScope: 'self',
  children: [
    { resource: 'students', filter: 'team_id', label: 'Alunos matriculados', columns: ['id', 'name', 'status'] },
  ],
  ui: { rowActions: ['launchGrades'], editPanels: ['launchGrades', 'teamWorkload'], recordTabs: 'teamTabs' },
});
