import { defineResource, referenceTo, systemFields } from './types';

/**
 * Planos de pagamento (issue 27): an enrolment's yearly charges in one step — N instalments of one value, due on
 * a day of the month from a first month (server/finance/plans.ts applies them to an enrolment).
 */
export const paymentPlans = defineResource({
  name: 'payment-plans',
  apiPath: '/payment-plans',
  table: 'payment_plans',
  labels: { singular: 'Plano de pagamento', plural: 'Planos de pagamento', gender: 'm' },
  adminPath: 'planos-de-pagamento',
  fields: [
    systemFields.id,
    { name: 'name', label: 'Nome', type: 'text', required: true, maxLength: 150 },
    referenceTo('service-types', 'service_type_id', 'Tipo de serviço', 'service_type', { required: true }),
    referenceTo('payment-types', 'payment_type_id', 'Forma de pagamento', 'payment_type', { required: true }),
    { name: 'instalments', label: 'Parcelas', type: 'integer', required: true, min: 1, max: 24 },
    { name: 'value', label: 'Valor da parcela', type: 'money', required: true },
    {
      name: 'due_day',
      label: 'Dia de vencimento',
      type: 'integer',
      required: true,
      min: 1,
      max: 31,
      helperText: 'Num mês mais curto, vence no último dia (31 → 28/02).',
    },
    {
      name: 'first_month',
      label: 'Mês da primeira parcela',
      type: 'month',
      required: true,
      helperText: 'Como 2027-02.',
    },
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'name', 'service_type_id', 'instalments', 'value', 'due_day', 'first_month'],
    defaultSort: { field: 'name', order: 'ASC' },
    phoneColumns: ['name', 'instalments', 'value'],
  },
  searchFields: ['id', 'name', 'service_type_id', 'payment_type_id'],
  sortableFields: ['id', 'name', 'service_type_id', 'instalments', 'value', 'due_day', 'first_month', 'created_at'],
  formFields: ['name', 'service_type_id', 'payment_type_id', 'instalments', 'value', 'due_day', 'first_month'],
  menu: { group: 'Financeiro', icon: 'money', label: 'Planos de pagamento' },
  access: { read: 'finance.read', write: 'finance.write' },
  audit: true,
});
