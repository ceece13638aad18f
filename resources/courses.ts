import { NFSE_SERVICE_CODES } from './nfse-settings';
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
    // The LDB line of its teams (server/school-year/workload.ts) measures them against these.
    {
      name: 'minimum_days',
      label: 'Dias letivos mínimos',
      type: 'integer',
      min: 1,
      max: 366,
      helperText: 'Vazio: 200 dias, o mínimo da LDB.',
    },
    {
      name: 'minimum_hours',
      label: 'Carga horária mínima anual (h)',
      type: 'integer',
      min: 1,
      max: 10000,
      helperText: 'Vazio: 800 horas, o mínimo da LDB.',
    },
    // The invoices of its teams' charges carry this code (server/invoices/service-code.ts); empty: the school's.
    {
      name: 'service_code',
      label: 'Código de serviço (NFS-e)',
      type: 'select',
      options: [...NFSE_SERVICE_CODES],
      helperText: 'Vazio: o código da nota fiscal da escola.',
    },
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'teaching_id', 'created_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['id', 'name', 'teaching_id'],
  sortableFields: ['id', 'name', 'teaching_id', 'created_at'],
  formFields: ['name', 'teaching_id', 'minimum_days', 'minimum_hours', 'service_code'],
  menu: { group: 'Cadastros', icon: 'book', label: 'Cursos' },
  access: { read: 'master.read', write: 'master.write' },
});
