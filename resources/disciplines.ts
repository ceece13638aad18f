import { codeListField } from './census-codes';
import { defineResource, referenceTo, systemFields } from './types';

const GENERAL = ['name', 'teaching_id', 'amount_of_reviews', 'workload'];

/** Disciplinas: subjects, with the number of assessments and the workload in hours. */
export const disciplines = defineResource({
  name: 'disciplines',
  apiPath: '/disciplines',
  table: 'disciplines',
  labels: { singular: 'Disciplina', plural: 'Disciplinas', gender: 'f' },
  adminPath: 'disciplinas',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150, upperCaseInList: true },
    referenceTo('teachings', 'teaching_id', 'Ensino', 'teaching', { required: true }),
    // Numbers in the API (the columns stay varchar(2)/varchar(4); the bounds keep what fits in them).
    { name: 'amount_of_reviews', label: 'Quantidade de avaliações', type: 'integer', required: true, min: 0, max: 99 },
    { name: 'workload', label: 'Carga horária', type: 'integer', required: true, min: 0, max: 9999 },
    // Educacenso (issue 40): the component the census counts this discipline under (Registros 20 and 50).
    codeListField(
      {
        name: 'census_component',
        label: 'Componente curricular (Censo)',
        helperText: 'Obrigatório para exportar o Censo das turmas de escolarização (fora da educação infantil).',
      },
      'curricular_components',
    ),
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'teaching_id', 'amount_of_reviews', 'workload', 'created_at'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  searchFields: ['id', 'name', 'teaching_id'],
  sortableFields: ['id', 'name', 'teaching_id', 'created_at'],
  formFields: [...GENERAL, 'census_component'],
  sections: [
    { title: 'Disciplina', fields: GENERAL },
    { title: 'Censo', fields: ['census_component'] },
  ],
  menu: { group: 'Cadastros', icon: 'assessment', label: 'Disciplinas' },
  access: { read: 'master.read', write: 'master.write' },
});
