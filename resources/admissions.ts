import { CPF_MASK } from './students';
import { PHONE_MASK } from './text';
import { defineResource, referenceTo, systemFields, type ChipColour } from './types';

/** The permission of the office's admissions routes and screens: the enrolment season's own. */
export const ADMISSIONS_ACCESS = 'enrolment.manage';

/** An admission's situation (migration 0055): the words every part of the enrolment season uses. */
export const ADMISSION_STATUSES: { value: string; label: string; colour: ChipColour }[] = [
  { value: 'pendente', label: 'Pendente', colour: 'warning' },
  { value: 'espera', label: 'Lista de espera', colour: 'info' },
  { value: 'aceita', label: 'Aceita', colour: 'success' },
  { value: 'recusada', label: 'Recusada', colour: 'default' },
];

/**
 * Pedidos de matrícula (issue 39): what new families send through the public form (server/enrolment/admissions*).
 * Only the server writes them; the office lists, reads, accepts or declines (the show page's panel).
 */
export const admissions = defineResource({
  name: 'admissions',
  apiPath: '/admissions',
  table: 'admissions',
  labels: { singular: 'Pedido de matrícula', plural: 'Pedidos de matrícula', gender: 'm' },
  adminPath: 'pedidos-de-matricula',
  fields: [
    systemFields.id,
    { name: 'status', label: 'Situação', type: 'select', options: ADMISSION_STATUSES },
    referenceTo('teams', 'team_id', 'Turma', 'team'),
    // Named "Matrícula 2027" (the campaign's `name`), in the list and as the filter's choices.
    referenceTo('enrolment-campaigns', 'campaign_id', 'Campanha', 'campaign'),
    { name: 'student_name', label: 'Aluno', type: 'text', maxLength: 150, upperCaseInList: true },
    { name: 'student_birth_date', label: 'Data de nascimento', type: 'date', personal: true },
    { name: 'student_cpf', label: 'CPF do aluno', type: 'digits', mask: CPF_MASK, maxLength: 11, personal: true },
    { name: 'guardian_name', label: 'Responsável', type: 'text', maxLength: 150, upperCaseInList: true },
    {
      name: 'guardian_cpf',
      label: 'CPF do responsável',
      type: 'digits',
      mask: CPF_MASK,
      maxLength: 11,
      personal: true,
    },
    { name: 'guardian_email', label: 'E-mail do responsável', type: 'email', maxLength: 190, personal: true },
    {
      name: 'guardian_phone',
      label: 'Telefone do responsável',
      type: 'digits',
      mask: PHONE_MASK,
      maxLength: 11,
      personal: true,
    },
    { name: 'decline_reason', label: 'Motivo da recusa', type: 'textarea', maxLength: 1000 },
    { name: 'decided_at', label: 'Decidido em', type: 'datetime', system: true },
    { ...systemFields.createdAt, label: 'Recebido em' },
  ],
  list: {
    columns: ['id', 'created_at', 'student_name', 'guardian_name', 'campaign_id', 'team_id', 'status'],
    defaultSort: { field: 'id', order: 'DESC' },
    phoneColumns: ['student_name', 'status'],
    filters: [
      { param: 'status', label: 'Situação', field: 'status' },
      { param: 'team_id', label: 'Turma', field: 'team_id' },
      { param: 'campaign_id', label: 'Campanha', field: 'campaign_id' },
    ],
  },
  searchFields: ['id', 'student_name', 'guardian_name', 'guardian_cpf', 'guardian_email'],
  sortableFields: ['id', 'created_at', 'student_name', 'guardian_name', 'status', 'team_id'],
  formFields: [
    'status',
    'team_id',
    'student_name',
    'student_birth_date',
    'student_cpf',
    'guardian_name',
    'guardian_cpf',
    'guardian_email',
    'guardian_phone',
    'decline_reason',
    'decided_at',
    'created_at',
  ],
  menu: { group: 'Secretaria', icon: 'how_to_reg', label: 'Pedidos de matrícula' },
  access: { read: ADMISSIONS_ACCESS, write: ADMISSIONS_ACCESS },
  readOnly: true,
  ui: { showPanels: ['admissionDecision'] },
});
