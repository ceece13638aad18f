import { defineResource, systemFields } from './types';

/** Anos letivos: the school's years; every team belongs to one, and each has its calendar (server/school-year). */
export const schoolYears = defineResource({
  name: 'school-years',
  apiPath: '/school-years',
  table: 'school_years',
  labels: { singular: 'Ano letivo', plural: 'Anos letivos', gender: 'm' },
  adminPath: 'anos-letivos',
  fields: [
    systemFields.id,
    {
      name: 'year',
      label: 'Ano',
      type: 'integer',
      required: true,
      min: 1900,
      max: 2100,
      unique: true,
      uniqueMessage: 'Já existe este ano letivo.',
    },
    { name: 'start_date', label: 'Início', type: 'date', required: true },
    { name: 'end_date', label: 'Término', type: 'date', required: true, notBefore: 'start_date' },
    {
      name: 'status',
      label: 'Situação',
      type: 'select',
      default: 'open',
      options: [
        { value: 'open', label: 'Aberto', colour: 'success' },
        { value: 'closed', label: 'Encerrado', colour: 'default' },
      ],
    },
    systemFields.createdAt,
  ],
  list: {
    columns: ['year', 'start_date', 'end_date', 'status', 'created_at'],
    defaultSort: { field: 'year', order: 'DESC' },
  },
  searchFields: ['id', 'year'],
  sortableFields: ['id', 'year', 'start_date', 'end_date', 'status', 'created_at'],
  formFields: ['year', 'start_date', 'end_date', 'status'],
  menu: { group: 'Pedagógico', icon: 'event', label: 'Anos letivos' },
  access: { read: 'teams.read', write: 'teams.write' },
  // CALENDÁRIO: the year's days and stages (src/school-year); next year's teams and the rollover (NextYearPanel).
  ui: { recordTabs: 'schoolYearTabs', editPanels: ['nextYear'] },
});
