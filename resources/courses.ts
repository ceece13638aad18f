import { defineResource, referenceTo, systemFields } from './types';

/** Cursos: a course within a teaching. */
export const courses = defineResource({
  name: 'courses',
  apiPath: '/courses',
  table: 'courses',
  labels: { singular: 'Curso', plural: 'Cursos', gender: 'm' },
  adminPath: 'cursos',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150, upperCaseInList: true },
    referenceTo('teachings', 'teaching_id', 'Ensino', 'teaching', { required: true }),
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'teaching_id', 'created_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['id', 'name', 'teaching_id'],
  sortableFields: ['id', 'name', 'teaching_id', 'created_at'],
  formFields: ['name', 'teaching_id'],
  menu: { group: 'Cadastros', icon: 'book', label: 'Cursos' },
  access: { read: 'master.read', write: 'master.write' },
});
