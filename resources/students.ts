import { ASSESSMENT_RESOURCES, DISABILITIES, FILIATIONS, PUBLIC_TRANSPORT, TRANSPORT_KINDS } from './census-codes';
import { personCensusFields } from './census-person';
import { PHONE_MASK } from './text';
import { defineResource, systemFields, UF_OPTIONS, type ChipColour, type FieldConfig } from './types';

/** Masks of the student's CPF and CEP, for every place that shows them outside the form. */
export const CPF_MASK = '###.###.###-##';
export const CEP_MASK = '#####-###';

export const STUDENT_STATUSES = [
  'Ativo',
  'Trancado',
  'Inativo',
  'Concluído',
  'Evadido',
  'Transferido',
  'Falecido',
] as const;

/**
 * Status chips in lists: studying in green, paused in orange, left in red, finished in blue; gone to another school
 * (issue 38) in purple, and a death in grey, never the red of an abandonment.
 */
const STATUS_COLOURS: Record<(typeof STUDENT_STATUSES)[number], ChipColour> = {
  Ativo: 'success',
  Trancado: 'warning',
  Inativo: 'default',
  Concluído: 'info',
  Evadido: 'error',
  Transferido: 'secondary',
  Falecido: 'default',
};

/**
 * The census data of a student (Educacenso, Registro 30; issue 40), typed in the form's Censo section: codes of the
 * layout (resources/census-codes.ts), personal data like the rest of the documents.
 */
export const studentCensusFields: FieldConfig[] = [
  {
    name: 'inep_id',
    label: 'Código INEP do aluno',
    type: 'digits',
    minLength: 12,
    maxLength: 12,
    helperText: 'Vem do arquivo de retorno do Educacenso.',
  },
  ...personCensusFields('Nacionalidade (Censo)'),
  { name: 'filiation', label: 'Filiação', type: 'select', options: FILIATIONS },
  { name: 'filiation_2', label: 'Filiação 2 (pai ou outra mãe)', type: 'text', maxLength: 190 },
  {
    name: 'disabilities',
    label: 'Deficiência, TEA ou altas habilidades',
    type: 'multiselect',
    options: DISABILITIES,
    wide: true,
  },
  {
    name: 'assessment_resources',
    label: 'Recursos para avaliações do INEP',
    type: 'multiselect',
    options: ASSESSMENT_RESOURCES,
    wide: true,
  },
  {
    name: 'public_transport',
    label: 'Transporte escolar público',
    type: 'select',
    options: PUBLIC_TRANSPORT,
    helperText: 'O poder público responsável; vazio: não utiliza.',
  },
  { name: 'transport_kinds', label: 'Tipo de veículo', type: 'multiselect', options: TRANSPORT_KINDS, wide: true },
  {
    name: 'birth_certificate',
    label: 'Matrícula da certidão de nascimento',
    type: 'digits',
    mask: '######.##.##.####.#.#####.###.#######-##',
    minLength: 32,
    maxLength: 32,
    rule: 'birthCertificate',
    helperText: 'Modelo novo: 32 dígitos.',
  },
  {
    name: 'nis',
    label: 'NIS (PIS/PASEP)',
    type: 'digits',
    mask: '###.#####.##-#',
    minLength: 11,
    maxLength: 11,
    rule: 'nis',
  },
].map((field): FieldConfig => ({ ...(field as FieldConfig), personal: true }));

/**
 * Alunos: personal data. Status, photo, enrolments, books and observations have their own calls. Fields marked
 * `personal` (documents, address, contacts, filiation, finances) reach only the roles holding
 * `students.personal`: a teacher sees name, number, photo and status. A teacher reaches only the students
 * enrolled in the teams they teach (`teamScope`).
 */
export const students = defineResource({
  name: 'students',
  apiPath: '/students',
  table: 'students',
  labels: { singular: 'Aluno', plural: 'Alunos', gender: 'm' },
  adminPath: 'alunos',
  fields: [
    systemFields.id,
    { name: 'image', label: 'Foto', type: 'image', writeOnly: true, helperText: 'JPEG, PNG ou WebP de até 5 MB.' },
    {
      name: 'name',
      label: 'Nome',
      type: 'text',
      required: true,
      maxLength: 190,
      upperCaseInList: true,
      listWidth: 150,
    },
    {
      name: 'gender',
      personal: true,
      label: 'Sexo',
      type: 'select',
      options: [
        { value: 'F', label: 'Feminino' },
        { value: 'M', label: 'Masculino' },
      ],
    },
    { name: 'email', label: 'E-mail', type: 'email', maxLength: 190, listWidth: 130, personal: true },
    {
      name: 'cep',
      label: 'CEP',
      type: 'digits',
      mask: CEP_MASK,
      minLength: 8,
      maxLength: 8,
      autofill: 'cep',
      personal: true,
    },
    { name: 'street', label: 'Logradouro', type: 'text', maxLength: 190, personal: true },
    { name: 'number', label: 'Número', type: 'text', maxLength: 20, personal: true },
    { name: 'neighborhood', label: 'Bairro', type: 'text', maxLength: 120, personal: true },
    { name: 'city', label: 'Cidade', type: 'text', maxLength: 120, personal: true },
    { name: 'uf', label: 'UF', type: 'select', options: UF_OPTIONS, personal: true },
    {
      name: 'phone',
      label: 'Contato',
      type: 'digits',
      mask: PHONE_MASK,
      minLength: 10,
      maxLength: 11,
      personal: true,
    },
    {
      name: 'cpf',
      personal: true,
      label: 'CPF',
      type: 'digits',
      mask: CPF_MASK,
      minLength: 11,
      maxLength: 11,
      rule: 'cpf',
      unique: true,
      uniqueMessage: 'CPF já cadastrado.',
    },
    { name: 'rg', label: 'RG', type: 'text', maxLength: 30, personal: true },
    { name: 'expedient_body', label: 'Órgão expedidor', type: 'text', maxLength: 30, personal: true },
    { name: 'nationality', label: 'Nacionalidade', type: 'text', maxLength: 60, personal: true },
    { name: 'naturalness', label: 'Naturalidade', type: 'text', maxLength: 120, personal: true },
    {
      name: 'birth_date',
      label: 'Data de nascimento',
      type: 'date',
      personal: true,
      answeredAs: 'dd/mm/aaaa',
    },
    {
      name: 'name_mother',
      label: 'Nome da mãe',
      type: 'text',
      maxLength: 190,
      upperCaseInList: true,
      listWidth: 120,
      personal: true,
    },
    ...studentCensusFields,
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      options: STUDENT_STATUSES.map((s) => ({ value: s, label: s, colour: STATUS_COLOURS[s] })),
      default: 'Ativo',
    },
    {
      name: 'teams',
      label: 'Matriculado na(s) turma(s)',
      type: 'text',
      many: {
        through: 'registrations',
        foreignKey: 'student_id',
        target: 'teams',
        targetKey: 'team_id',
        labelField: 'name',
      },
      cell: 'teamLinks',
      listWidth: 130,
    },
    {
      name: 'financials_count',
      personal: true,
      label: 'Possui financeiro?',
      type: 'integer',
      count: {
        table: 'financials',
        foreignKey: 'registration_id',
        through: { table: 'registrations', foreignKey: 'student_id' },
      },
      cell: 'yesNo',
    },
    systemFields.createdAt,
  ],
  list: {
    columns: [
      'id',
      'name',
      'status',
      'email',
      'cpf',
      'phone',
      'teams',
      'financials_count',
      'name_mother',
      'created_at',
    ],
    defaultSort: { field: 'id', order: 'DESC' },
    filters: [
      { param: 'status', label: 'Status', field: 'status' },
      { param: 'team_id', label: 'Turma', field: 'teams', resource: 'teams' },
      { param: 'polo_id', label: 'Polo', field: 'teams', targetColumn: 'polo_id', resource: 'polos' },
      { param: 'has_financial', label: 'Possui financeiro?', field: 'financials_count' },
    ],
    bulkActions: ['portalInvite'],
  },
  searchFields: ['id', 'name', 'email', 'cpf', 'name_mother'],
  sortableFields: ['id', 'name', 'email', 'cpf', 'name_mother', 'created_at'],
  formFields: [
    'image',
    'name',
    'gender',
    'email',
    'cep',
    'street',
    'number',
    'neighborhood',
    'city',
    'uf',
    'phone',
    'cpf',
    'rg',
    'expedient_body',
    'nationality',
    'naturalness',
    'birth_date',
    'name_mother',
    ...studentCensusFields.map((f) => f.name),
  ],
  menu: { group: 'Secretaria', icon: 'person', label: 'Alunos' },
  access: { read: 'students.read', write: 'students.write' },
  teamScope: { through: 'registrations', foreignKey: 'student_id' },
  audit: true,
  sections: [
    { title: 'Dados pessoais', fields: ['name', 'gender', 'birth_date', 'nationality', 'naturalness', 'image'] },
    { title: 'Documentos', fields: ['cpf', 'rg', 'expedient_body'] },
    { title: 'Endereço', fields: ['cep', 'street', 'number', 'neighborhood', 'city', 'uf'] },
    { title: 'Contato', fields: ['email', 'phone'] },
    { title: 'Filiação', fields: ['name_mother'] },
    { title: 'Censo', fields: studentCensusFields.map((f) => f.name) },
  ],
  ui: {
    editPanels: ['studentStatus', 'studentPortal'],
    // An adult student's own access to the family portal (issue 26), shown only from 18 on.
    showPanels: ['studentPortal'],
    recordTabs: 'studentTabs',
    formHeader: 'studentPhoto',
    createSection: 'studentGuardian',
    // Issue 37: the pairs typing and imports made, merged after a side-by-side confirmation.
    listLink: { label: 'Possíveis duplicados', path: '/admin/alunos/duplicados' },
  },
});
