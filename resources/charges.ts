import { defineResource, referenceTo, systemFields, type ManyConfig } from './types';

/**
 * The student and team of a charge, reached through its enrolment. The finance area fills both for a whole page
 * (server/finance/charges-list.ts, named in its hooks' `embeds`): the generic `many` query does not apply here.
 */
const throughEnrolment = (target: string, targetKey: string): ManyConfig => ({
  through: 'registrations',
  foreignKey: 'id',
  target,
  targetKey,
  labelField: 'name',
});

/**
 * Cobranças: every charge of the school in one list (issue 36), filtered by its situation and due month beside the
 * search box, saved as a query and exported as CSV. Listed only: charges are written from the student's FINANCEIRO
 * tab (server/finance/routes.ts), which knows their plans, payments and versions.
 */
export const charges = defineResource({
  name: 'charges',
  apiPath: '/charges',
  table: 'financials',
  labels: { singular: 'Cobrança', plural: 'Cobranças', gender: 'f' },
  adminPath: 'cobrancas',
  fields: [
    systemFields.id,
    { name: 'student', label: 'Aluno', type: 'text', many: throughEnrolment('students', 'student_id') },
    { name: 'team', label: 'Turma', type: 'text', many: throughEnrolment('teams', 'team_id') },
    referenceTo('service-types', 'service_type_id', 'Serviço', 'service_type'),
    { name: 'quota', label: 'Parcela', type: 'integer' },
    { name: 'value', label: 'Valor', type: 'money' },
    { name: 'due_date', label: 'Vencimento', type: 'date' },
    { name: 'paid', label: 'Paga', type: 'integer', cell: 'yesNo' },
    { name: 'pay_day', label: 'Pagamento', type: 'date' },
    referenceTo('payment-types', 'payment_type_id', 'Forma de pagamento', 'payment_type'),
    systemFields.createdAt,
  ],
  list: {
    columns: ['id', 'student', 'team', 'service_type_id', 'quota', 'value', 'due_date', 'paid', 'pay_day'],
    phoneColumns: ['student', 'value', 'due_date', 'paid'],
    defaultSort: { field: 'due_date', order: 'DESC' },
    filters: [
      {
        param: 'status',
        label: 'Situação',
        field: 'paid',
        // As the FINANCEIRO tab tells them apart (src/finance/charges.ts chargeState): paid is any non-zero flag.
        states: [
          {
            value: 'em_aberto',
            label: 'Em aberto',
            where: [
              { column: 'paid', op: '=', value: 0 },
              { column: 'due_date', op: '>=', today: true },
            ],
          },
          {
            value: 'vencida',
            label: 'Vencida',
            where: [
              { column: 'paid', op: '=', value: 0 },
              { column: 'due_date', op: '<', today: true },
            ],
          },
          { value: 'paga', label: 'Paga', where: [{ column: 'paid', op: '<>', value: 0 }] },
        ],
      },
      { param: 'due_month', label: 'Mês de vencimento', field: 'due_date', part: 'month' },
    ],
    exportColumns: [
      'id',
      'student',
      'team',
      'service_type_id',
      'quota',
      'value',
      'due_date',
      'paid',
      'pay_day',
      'payment_type_id',
    ],
  },
  // The search box finds a charge by its number (the id); the situation and the month are its filters.
  searchFields: ['id'],
  sortableFields: ['id', 'quota', 'due_date', 'pay_day', 'created_at'],
  formFields: [],
  menu: { group: 'Financeiro', icon: 'money', label: 'Cobranças' },
  access: { read: 'finance.read', write: 'finance.write' },
  readOnly: true,
});
