import { PHONE_MASK } from './text';
import { CEP_MASK, CPF_MASK } from './students';
import { defineResource, systemFields, UF_OPTIONS } from './types';

/** A guardian's kinship to a student: the link's `kinship` (and the guardian's usual one) is one of these ids. */
export const KINSHIPS: { id: string; name: string }[] = [
  { id: 'mae', name: 'Mãe' },
  { id: 'pai', name: 'Pai' },
  { id: 'avo', name: 'Avó/Avô' },
  { id: 'tio', name: 'Tia/Tio' },
  { id: 'irmao', name: 'Irmã/Irmão' },
  { id: 'responsavel_legal', name: 'Responsável legal' },
  { id: 'outro', name: 'Outro' },
];

/** The words of a kinship id ('' for none or an unknown one). */
export const kinshipName = (id: unknown): string => KINSHIPS.find((k) => k.id === id)?.name ?? '';

/**
 * Responsáveis (issue 26): the people who answer for students — one record however many students (siblings) they
 * are linked to, through `GET/POST/PUT/DELETE /students/{id}/guardians` (server/guardians). Every field is
 * personal data: the routes ask `students.personal` to read and `students.write` to change.
 */
export const guardians = defineResource({
  name: 'guardians',
  apiPath: '/guardians',
  table: 'guardians',
  labels: { singular: 'Responsável', plural: 'Responsáveis', gender: 'm' },
  adminPath: 'responsaveis',
  fields: [
    systemFields.id,
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
      name: 'cpf',
      label: 'CPF',
      type: 'digits',
      mask: CPF_MASK,
      minLength: 11,
      maxLength: 11,
      rule: 'cpf',
      unique: true,
      uniqueMessage: 'CPF já cadastrado para outro responsável.',
    },
    { name: 'rg', label: 'RG', type: 'text', maxLength: 30 },
    {
      name: 'kinship',
      label: 'Parentesco',
      type: 'select',
      options: KINSHIPS.map((k) => ({ value: k.id, label: k.name })),
      helperText: 'Sugerido ao vincular este responsável a um aluno.',
    },
    { name: 'email', label: 'E-mail', type: 'email', maxLength: 190, listWidth: 130 },
    { name: 'phone', label: 'Telefone', type: 'digits', mask: PHONE_MASK, minLength: 10, maxLength: 11 },
    { name: 'cep', label: 'CEP', type: 'digits', mask: CEP_MASK, minLength: 8, maxLength: 8, autofill: 'cep' },
    { name: 'street', label: 'Logradouro', type: 'text', maxLength: 190 },
    { name: 'number', label: 'Número', type: 'text', maxLength: 20 },
    { name: 'complement', label: 'Complemento', type: 'text', maxLength: 120 },
    { name: 'neighborhood', label: 'Bairro', type: 'text', maxLength: 120 },
    { name: 'city', label: 'Cidade', type: 'text', maxLength: 120 },
    { name: 'uf', label: 'UF', type: 'select', options: UF_OPTIONS },
    { name: 'occupation', label: 'Profissão', type: 'text', maxLength: 120 },
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'cpf', 'phone', 'email'],
    defaultSort: { field: 'name', order: 'ASC' },
    phoneColumns: ['name', 'phone'],
  },
  searchFields: ['id', 'name', 'cpf'],
  sortableFields: ['id', 'name', 'cpf', 'email', 'created_at'],
  formFields: [
    'name',
    'cpf',
    'rg',
    'kinship',
    'occupation',
    'email',
    'phone',
    'cep',
    'street',
    'number',
    'complement',
    'neighborhood',
    'city',
    'uf',
  ],
  sections: [
    { title: 'Dados pessoais', fields: ['name', 'cpf', 'rg', 'kinship', 'occupation'] },
    { title: 'Contato', fields: ['email', 'phone'] },
    { title: 'Endereço', fields: ['cep', 'street', 'number', 'complement', 'neighborhood', 'city', 'uf'] },
  ],
  menu: { group: 'Secretaria', icon: 'people', label: 'Responsáveis' },
  access: { read: 'students.personal', write: 'students.write' },
  audit: true,
  // The family portal (issue 26): the guardian's access, "Convidar para o portal", "Revogar acesso".
  ui: {
    editPanels: ['guardianPortal'],
    showPanels: ['guardianPortal'],
    listLink: { label: 'Possíveis duplicados', path: '/admin/responsaveis/duplicados' },
  },
});
