import { registrationDateFields } from '../../resources/registrations';
import { fieldOf, referenceTo, type FieldConfig } from '../../resources/types';
import { students } from '../../resources/students';
import type { Column, ImportConfig, KindSpec } from './columns';
import type { ImportKind } from './kinds';

/**
 * The columns of the kinds that point at a student in a team (issue 37): enrolments, charges and grades. Their
 * records have routes of their own (server/registrations, server/finance, server/grades), not a resource config, so
 * their fields are declared here with the words those screens use; the student's columns are the students config's.
 * Names typed in cells (team, discipline, payment and service type) are found in the database by service.ts.
 */

const STUDENT_NAME: FieldConfig = {
  ...fieldOf(students, 'name'),
  name: 'student_name',
  label: 'Aluno',
  required: false,
};
const STUDENT_CPF: FieldConfig = {
  ...fieldOf(students, 'cpf'),
  name: 'student_cpf',
  label: 'CPF do aluno',
  required: false,
};
const STUDENT_BIRTH: FieldConfig = { ...fieldOf(students, 'birth_date'), name: 'student_birth_date', required: false };
const TEAM = referenceTo('teams', 'team_id', 'Turma', 'team', { required: true });

/** The student (CPF, else name and birth date) and the team: the key of every kind here. */
const STUDENT_IN_TEAM: FieldConfig[] = [STUDENT_NAME, STUDENT_CPF, STUDENT_BIRTH, TEAM];

const [ENROLLED_ON] = registrationDateFields;
const LEGACY_NUMBER: FieldConfig = { name: 'legacy_number', label: 'Número anterior', type: 'text', maxLength: 40 };

const QUOTA: FieldConfig = { name: 'quota', label: 'Parcela', type: 'integer', required: true, min: 1, max: 999 };
const VALUE: FieldConfig = { name: 'value_cents', label: 'Valor', type: 'money', required: true };
const DUE: FieldConfig = { name: 'due_date', label: 'Vencimento', type: 'date', required: true };
const PAID: FieldConfig = { name: 'paid', label: 'Pago', type: 'text' };
const PAY_DAY: FieldConfig = { name: 'pay_day', label: 'Data de pagamento', type: 'date' };
const PAYMENT_TYPE = referenceTo('payment_types', 'payment_type_id', 'Forma de pagamento', 'payment_type');
const SERVICE_TYPE = referenceTo('service_types', 'service_type_id', 'Tipo de serviço', 'service_type');

const DISCIPLINE = referenceTo('disciplines', 'discipline_id', 'Disciplina', 'discipline', { required: true });
/** The stage's number (1 for the 1ª etapa), found among the stages by service.ts. */
const STAGE: FieldConfig = { name: 'stage', label: 'Etapa', type: 'integer', required: true, min: 1, max: 99 };
/** A grade as the grade sheet takes it (0,0 to 10,0, one decimal), checked by its rule after reading. */
const GRADE: FieldConfig = { name: 'grade', label: 'Nota', type: 'text', required: true, maxLength: 10 };

const configOf = (name: string, fields: FieldConfig[]): ImportConfig => ({ name, fields });

function columnsOf(fields: FieldConfig[], extra: Partial<Record<string, Partial<Column>>> = {}): Column[] {
  return fields.map((field) => ({
    header: field.label,
    group: 'record',
    field,
    byName: field.type === 'reference' ? field.reference!.resource : undefined,
    required: field.required === true,
    ...extra[field.name],
  }));
}

const STUDENT_EXAMPLE = {
  Aluno: 'Ana Beatriz Souza Lima',
  'CPF do aluno': '529.982.247-25',
  'Data de nascimento': '14/03/2012',
  Turma: '1º Ano A - Manhã',
};

const ENROLMENT_FIELDS = [...STUDENT_IN_TEAM, ENROLLED_ON, LEGACY_NUMBER];
const CHARGE_FIELDS = [...STUDENT_IN_TEAM, QUOTA, VALUE, DUE, PAID, PAY_DAY, PAYMENT_TYPE, SERVICE_TYPE];
const GRADE_FIELDS = [...STUDENT_IN_TEAM, DISCIPLINE, STAGE, GRADE];

export const SCHOOL_SPECS: Partial<Record<ImportKind, KindSpec>> = {
  enrolments: {
    kind: 'enrolments',
    config: configOf('registrations', ENROLMENT_FIELDS),
    columns: columnsOf(ENROLMENT_FIELDS, {
      enrolled_on: { accepted: ['dd/mm/aaaa, nunca uma data futura', 'em branco: hoje'] },
    }),
    example: { ...STUDENT_EXAMPLE, 'Data da matrícula': '02/02/2026', 'Número anterior': '2019/0042' },
  },
  charges: {
    kind: 'charges',
    config: configOf('financials', CHARGE_FIELDS),
    columns: columnsOf(CHARGE_FIELDS, {
      value_cents: { accepted: ['em reais: 1.234,56 ou 1234,56 ou 1234.56'] },
      paid: { yesNo: true },
    }),
    example: {
      ...STUDENT_EXAMPLE,
      Parcela: '1',
      Valor: '1.234,56',
      Vencimento: '10/02/2026',
      Pago: 'Sim',
      'Data de pagamento': '08/02/2026',
      'Forma de pagamento': 'Boleto',
      'Tipo de serviço': 'Mensalidade',
    },
  },
  grades: {
    kind: 'grades',
    config: configOf('grades', GRADE_FIELDS),
    columns: columnsOf(GRADE_FIELDS, {
      stage: { accepted: ['o número da etapa: 1, 2, 3…'] },
      grade: { accepted: ['de 0,0 a 10,0, uma casa decimal (ex.: 7,5)'] },
    }),
    example: { ...STUDENT_EXAMPLE, Disciplina: 'Matemática', Etapa: '1', Nota: '7,5' },
  },
};
