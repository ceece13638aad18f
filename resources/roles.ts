import { defineResource, systemFields } from './types';

/**
 * Perfis (issue 24): what a user may do. Listed by the generic engine (the users form's select reads it);
 * created, changed and removed by server/roles/routes.ts, which keeps each role's permissions beside it, and on
 * screen by the role editor (src/roles), which shows the permissions as checkboxes.
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
    { name: 'builtin', label: 'Padrão', type: 'integer', cell: 'builtinRole', listWidth: 70 },
    // How many users hold the role: a role in use is not deleted, so the office sees which ones are.
    { name: 'users_count', label: 'Usuários', type: 'integer', count: { table: 'users', foreignKey: 'role_id' } },
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'key', 'builtin', 'users_count'],
    phoneColumns: ['name', 'users_count'],
    defaultSort: { field: 'id', order: 'ASC' },
  },
  searchFields: ['id', 'name', 'key'],
  sortableFields: ['id', 'name'],
  formFields: [],
  menu: { group: 'Administração', icon: 'people', label: 'Perfis' },
  access: { read: 'users.manage', write: 'users.manage' },
  readOnly: true,
  ui: { editor: 'roleEditor', createLabel: 'Adicionar um perfil' },
});
