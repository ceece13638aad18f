import { defineResource, systemFields, type ResourceConfig } from './types';

function lookup(
  name: string,
  table: string,
  adminPath: string,
  singular: string,
  plural: string,
  gender: 'm' | 'f',
): ResourceConfig {
  return defineResource({
    name,
    apiPath: `/${name}`,
    table,
    labels: { singular, plural, gender },
    adminPath,
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
        uniqueMessage: 'Já existe um registro com este nome.',
      },
      systemFields.createdAt,
    ],
    list: { columns: ['id', 'name', 'created_at'], defaultSort: { field: 'id', order: 'ASC' } },
    searchFields: ['id', 'name'],
    sortableFields: ['id', 'name', 'created_at'],
    formFields: ['name'],
    menu: { group: 'Financeiro', icon: 'money', label: plural },
    access: { read: 'finance.read', write: 'finance.write' },
  });
}

/** Tipos de serviço (Mensalidade, Matrícula, …) charged to an enrolment. */
export const serviceTypes = lookup(
  'service-types',
  'service_types',
  'tipos-de-servico',
  'Tipo de serviço',
  'Tipos de serviço',
  'm',
);

/** Formas de pagamento. Ids are part of the contract: 4 is Boleto; 1 and 2 give a pay link. */
export const paymentTypes = lookup(
  'payment-types',
  'payment_types',
  'formas-de-pagamento',
  'Forma de pagamento',
  'Formas de pagamento',
  'f',
);
