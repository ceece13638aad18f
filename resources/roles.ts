import { defineResource, systemFields } from './types';

/**
 * Perfis (issue 24): what a user may do. Listed by the generic engine (the users form's select reads it);
 * created, changed and removed by server/roles/routes.ts, which keeps each role's permissions beside it.
 */
export const roles = defineResource({
  name: 'roles',
  apiPath: '/roles',
  table: 'roles',
  labels: { singular: 'Perfil', plural: 'Perfis', gender: 'm' },
  adminPath: 'perfis',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 80, unique: true },
    { name: 'key', label: 'Chave', type: 'text', maxLength: 40 },
    { name: 'builtin', label: 'Perfil padrão', type: 'integer' },
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'key'], defaultSort: { field: 'id', order: 'ASC' } },
  searchFields: ['id', 'name', 'key'],
  sortableFields: ['id', 'name'],
  formFields: [],
  menu: { group: 'Administração', icon: 'people', label: 'Perfis' },
  access: { read: 'users.manage', write: 'users.manage' },
  readOnly: true,
});
