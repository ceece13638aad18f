import { PHONE_MASK } from './text';
import { defineResource, systemFields, UF_OPTIONS } from './types';

/** Polos: study centres, each in a city/UF with a responsible person. */
export const polos = defineResource({
  name: 'polos',
  apiPath: '/polos',
  table: 'polos',
  labels: { singular: 'Polo', plural: 'Polos', gender: 'm' },
  adminPath: 'polos',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150, upperCaseInList: true },
    { name: 'city', label: 'Cidade', type: 'text', required: true, maxLength: 120 },
    { name: 'uf', label: 'UF', type: 'select', required: true, options: UF_OPTIONS },
    { name: 'responsible', label: 'Responsável', type: 'text', maxLength: 150 },
    { name: 'address', label: 'Endereço', type: 'text', maxLength: 255 },
    { name: 'email', label: 'E-mail', type: 'email', maxLength: 190 },
    { name: 'phone', label: 'Telefone', type: 'text', mask: PHONE_MASK, minLength: 10, maxLength: 11 },
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'city', 'responsible', 'email', 'phone', 'created_at'],
    defaultSort: { field: 'id', order: 'DESC' },
  },
  searchFields: ['id', 'name', 'city', 'responsible', 'email', 'phone'],
  sortableFields: ['id', 'name', 'city', 'responsible', 'email', 'created_at'],
  formFields: ['name', 'city', 'uf', 'responsible', 'address', 'email', 'phone'],
  menu: { group: 'Cadastros', icon: 'place', label: 'Polos' },
  access: { read: 'master.read', write: 'master.write' },
  children: [{ resource: 'teams', filter: 'polo_id', label: 'Turmas do polo', columns: ['id', 'name', 'start_date'] }],
});
