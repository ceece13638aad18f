import { defineResource, systemFields } from './types';

/** Etapas: numbered periods of a course (1ª etapa, 2ª etapa, …). */
export const stages = defineResource({
  name: 'stages',
  apiPath: '/stages',
  table: 'stages',
  labels: { singular: 'Etapa', plural: 'Etapas', gender: 'f' },
  adminPath: 'etapas',
  fields: [
    systemFields.id,
    {
      name: 'stage',
      label: 'Etapa',
      type: 'integer',
      required: true,
      min: 1,
      max: 99,
      unique: true,
      uniqueMessage: 'Já existe uma etapa com este número.',
      cell: 'badge',
    },
    { name: 'description', label: 'Descrição', type: 'text', maxLength: 255 },
    systemFields.createdAt,
  ],
  list: { columns: ['stage', 'description', 'created_at'], defaultSort: { field: 'stage', order: 'ASC' } },
  searchFields: ['stage', 'description'],
  sortableFields: ['id', 'stage', 'description', 'created_at'],
  formFields: ['stage', 'description'],
  menu: { group: 'Cadastros', icon: 'dashboard', label: 'Etapas' },
  access: { read: 'master.read', write: 'master.write' },
});
