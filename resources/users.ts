import { CENSUS_ROLES, codeListField, MANAGER_POSITIONS, SCHOOLING } from './census-codes';
import { personCensusFields } from './census-person';
import { CPF_MASK } from './students';
import { defineResource, systemFields, type FieldConfig } from './types';

/**
 * The census data of a member of staff (Educacenso, Registros 40 and 50; issue 40): teachers (a Professor role; the
 * team's PROFESSORES tab says what they teach) and the school's managers, typed in the form's Censo section.
 */
export const userCensusFields: FieldConfig[] = [
  {
    name: 'census_role',
    label: 'Função no Censo',
    type: 'select',
    options: CENSUS_ROLES,
    helperText: 'Vazio: não é informado no Censo.',
  },
  {
    name: 'manager_position',
    label: 'Cargo do gestor',
    type: 'select',
    options: MANAGER_POSITIONS,
    helperText: 'Só para o gestor escolar.',
  },
  {
    name: 'inep_id',
    label: 'Código INEP',
    type: 'digits',
    minLength: 12,
    maxLength: 12,
    helperText: 'Vem do arquivo de retorno do Educacenso.',
  },
  {
    name: 'cpf',
    label: 'CPF',
    type: 'digits',
    mask: CPF_MASK,
    minLength: 11,
    maxLength: 11,
    rule: 'cpf',
    unique: true,
    uniqueMessage: 'CPF já cadastrado para outro usuário.',
  },
  { name: 'birth_date', label: 'Data de nascimento', type: 'date' },
  {
    name: 'gender',
    label: 'Sexo',
    type: 'select',
    options: [
      { value: 'F', label: 'Feminino' },
      { value: 'M', label: 'Masculino' },
    ],
  },
  ...personCensusFields('Nacionalidade'),
  { name: 'name_mother', label: 'Nome da mãe', type: 'text', maxLength: 190 },
  { name: 'schooling', label: 'Escolaridade', type: 'select', options: SCHOOLING },
  codeListField(
    { name: 'degree_course', label: 'Curso superior', helperText: 'Para quem concluiu a educação superior.' },
    'degree_courses',
  ),
];

const ACCESS = ['name', 'email', 'password', 'role_id'];

/**
 * The user that records payments confirmed by the provider (migration 0008 creates it). Edited, it could
 * be signed in to; removed, the charges it paid would lose their payer.
 */
export const PROVIDER_USER_ID = 100;

/** Usuários: staff who sign in. Passwords are write-only and stored hashed. */
export const users = defineResource({
  name: 'users',
  apiPath: '/users',
  table: 'users',
  labels: { singular: 'Usuário', plural: 'Usuários', gender: 'm' },
  adminPath: 'usuarios',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 120, upperCaseInList: true },
    {
      name: 'email',
      label: 'E-mail',
      type: 'email',
      required: true,
      maxLength: 190,
      unique: true,
      uniqueMessage: 'Este e-mail já está em uso por outro usuário.',
      readOnlyOnEdit: true,
    },
    {
      name: 'password',
      label: 'Senha',
      type: 'password',
      required: 'create',
      minLength: 8,
      maxLength: 128,
      writeOnly: true,
    },
    {
      name: 'role_id',
      label: 'Perfil',
      type: 'reference',
      // Optional: the original contract creates a user from name, e-mail and password alone. Without a role the user
      // may do nothing (no permission, an empty menu) until Administração gives one.
      reference: { resource: 'roles', embedAs: 'role', labelField: 'name', emptyLabel: 'Sem perfil' },
      // Narrow in the list: with the default 240 px the table no longer fits beside the menu at 1280 px and the
      // row's actions fold into a menu.
      listWidth: 130,
    },
    ...userCensusFields,
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'email', 'role_id', 'created_at'],
    phoneColumns: ['name', 'role_id'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  searchFields: ['id', 'name', 'email'],
  sortableFields: ['id', 'name'],
  formFields: [...ACCESS, ...userCensusFields.map((f) => f.name)],
  sections: [
    { title: 'Acesso', fields: ACCESS },
    { title: 'Censo', fields: userCensusFields.map((f) => f.name) },
  ],
  menu: { group: 'Administração', icon: 'people', label: 'Usuários' },
  access: { read: 'users.manage', write: 'users.manage' },
  fixedRows: {
    ids: [PROVIDER_USER_ID],
    message: 'O usuário Mercado Pago registra os pagamentos recebidos e não pode ser alterado nem apagado.',
  },
  ui: { hideDeleteForSelf: true, editPanels: ['twoStepReset'] },
});
