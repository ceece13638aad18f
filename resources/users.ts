import { defineResource, systemFields } from './types';

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
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'email', 'role_id', 'created_at'],
    phoneColumns: ['name', 'role_id'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  searchFields: ['id', 'name', 'email'],
  sortableFields: ['id', 'name'],
  formFields: ['name', 'email', 'password', 'role_id'],
  menu: { group: 'Administração', icon: 'people', label: 'Usuários' },
  access: { read: 'users.manage', write: 'users.manage' },
  fixedRows: {
    ids: [PROVIDER_USER_ID],
    message: 'O usuário Mercado Pago registra os pagamentos recebidos e não pode ser alterado nem apagado.',
  },
  ui: { hideDeleteForSelf: true, editPanels: ['twoStepReset'] },
});
