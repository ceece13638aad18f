import { defineResource, referenceTo, systemFields } from './types';

/** Grades (curriculum grids): a course's rows of discipline × stage × workload. */
export const grids = defineResource({
  name: 'grids',
  apiPath: '/grids',
  table: 'grids',
  labels: { singular: 'Grade', plural: 'Grades', gender: 'f' },
  adminPath: 'grades',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150, upperCaseInList: true },
    { name: 'obs', label: 'Observação', type: 'textarea', maxLength: 2000, truncateInList: 80 },
    // Optional, as the original server had it: a grid registered without one takes the course of its rows
    // (server/grids/routes.ts).
    referenceTo('courses', 'course_id', 'Curso', 'course'),
    // The office's mapping of series: next year's team of a promoted class takes this grid (server/school-year/
    // successors). Empty: a final series, whose promoted students graduate.
    referenceTo('grids', 'next_grid_id', 'Grade seguinte', 'next_grid', {
      helperText: 'A série do ano seguinte. Vazio: série final (os aprovados concluem).',
    }),
    systemFields.createdAt,
  ],
  list: { columns: ['id', 'name', 'obs', 'created_at'], defaultSort: { field: 'id', order: 'DESC' } },
  searchFields: ['id', 'name', 'obs', 'course_id'],
  sortableFields: ['id', 'name'],
  formFields: ['name', 'obs', 'course_id', 'next_grid_id'],
  menu: { group: 'Pedagógico', icon: 'assessment', label: 'Grades' },
  access: { read: 'master.read', write: 'master.write' },
  ui: { editPanels: ['gridTemplates'] },
});
