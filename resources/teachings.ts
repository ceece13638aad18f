import { defineResource, systemFields } from './types';

/** Ensinos: levels of education (Ensino Médio, Técnico, …). */
export const teachings = defineResource({
  name: 'teachings',
  apiPath: '/teachings',
  table: 'teachings',
  labels: { singular: 'Ensino', plural: 'Ensinos', gender: 'm' },
  adminPath: 'ensinos',
  fields: [
    systemFields.id,
    {
      name: 'name',
      label: 'Nome',
      type: 'text',
      required: true,
      maxLength: 120,
      upperCaseInList: true,
      unique: true,
      uniqueMessage: 'Já existe um ensino com este nome.',
    },
    { name: 'description', label: 'Descrição', type: 'textarea', maxLength: 1000, truncateInList: 80 },
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'description', 'created_at'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  searchFields: ['id', 'name', 'description'],
  sortableFields: ['id', 'name', 'description', 'created_at'],
  formFields: ['name', 'description'],
  menu: { group: 'Cadastros', icon: 'school', label: 'Ensinos' },
  access: { read: 'master.read', write: 'master.write' },
});
