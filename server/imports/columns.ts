// The census's long code lists fill their fields' options here (the client loads them only where shown).
import '../../resources/census-code-lists';
import { guardians } from '../../resources/guardians';
import { students } from '../../resources/students';
import { teams } from '../../resources/teams';
import { fieldOf, type FieldConfig, type ResourceConfig } from '../../resources/types';
import type { ImportKind } from './kinds';
import { SCHOOL_SPECS } from './columns-school';

/**
 * The columns of each kind, derived from the resource configs (docs: architecture notes, "Imports are
 * schema-driven"): a field's label is its header, its type its parser, its options the accepted words, and its
 * rules the API's. A field added to a config's form becomes a column with no edit here.
 */
export interface Column {
  header: string;
  /** The group of the row it belongs to (`record`; a student's guardians `g1`, `g2`) and the field's name. */
  group: string;
  field: FieldConfig;
  /** A reference column holds the referenced row's name, found in the database. */
  byName?: string;
  /** Must be in the file (the header, not every cell). */
  required?: boolean;
  /** Read as Sim/Não (also S/N, X, 1/0) into a boolean. */
  yesNo?: boolean;
  /** What the template's "Valores aceitos" sheet says the column takes, when it is no closed list. */
  accepted?: string[];
}

/** What a kind's `record` group is checked as: a resource config, or the fields of a record with routes of its own. */
export type ImportConfig = Pick<ResourceConfig, 'name' | 'fields'>;

export interface KindSpec {
  kind: ImportKind;
  /** The resource a row's `record` group is validated and written as. */
  config: ImportConfig;
  columns: Column[];
  /** The template's example row, by header. */
  example: Record<string, string>;
}

const formColumns = (config: ResourceConfig, skip: string[] = []): Column[] =>
  config.formFields
    .map((name) => fieldOf(config, name))
    .filter((field) => field.type !== 'image' && !skip.includes(field.name))
    .map((field) => ({
      header: field.type === 'reference' ? field.label : field.label,
      group: 'record',
      field,
      byName: field.type === 'reference' ? field.reference!.resource : undefined,
      required: field.required === true,
    }));

/** Whether a guardian pays: a column of its own, Sim/Não. */
export const FINANCIAL: FieldConfig = { name: 'financial_responsible', label: 'Financeiro', type: 'text' };
const yesNo = (field: FieldConfig) => (field === FINANCIAL ? { yesNo: true } : {});
const GUARDIAN_FIELDS = ['name', 'cpf', 'kinship', 'email', 'phone'];

function guardianColumns(n: number): Column[] {
  const group = `g${n}`;
  return [...GUARDIAN_FIELDS.map((name) => fieldOf(guardians, name)), FINANCIAL].map((field) => ({
    header: `Responsável ${n} - ${field.label}`,
    group,
    field,
    ...yesNo(field),
  }));
}

export const SPECS: Partial<Record<ImportKind, KindSpec>> = {
  ...SCHOOL_SPECS,
  students: {
    kind: 'students',
    config: students,
    columns: [
      ...formColumns(students),
      { header: 'Status', group: 'record', field: fieldOf(students, 'status') },
      ...guardianColumns(1),
      ...guardianColumns(2),
    ],
    example: {
      Nome: 'Ana Beatriz Souza Lima',
      Sexo: 'Feminino',
      'E-mail': 'ana.lima@email.com.br',
      CEP: '66015-000',
      Logradouro: 'Avenida Presidente Vargas',
      Número: '1020',
      Bairro: 'Campina',
      Cidade: 'Belém',
      UF: 'PA',
      Contato: '(91) 98888-7777',
      CPF: '529.982.247-25',
      RG: '7654321',
      'Órgão expedidor': 'SSP/PA',
      Nacionalidade: 'Brasileira',
      Naturalidade: 'Belém/PA',
      'Data de nascimento': '14/03/2012',
      'Nome da mãe': 'Maria José Souza Lima',
      Status: 'Ativo',
      'Responsável 1 - Nome': 'Maria José Souza Lima',
      'Responsável 1 - CPF': '111.444.777-35',
      'Responsável 1 - Parentesco': 'Mãe',
      'Responsável 1 - E-mail': 'maria.lima@email.com.br',
      'Responsável 1 - Telefone': '(91) 99876-5432',
      'Responsável 1 - Financeiro': 'Sim',
      'Responsável 2 - Nome': 'Carlos Eduardo Lima',
      'Responsável 2 - CPF': '',
      'Responsável 2 - Parentesco': 'Pai',
      'Responsável 2 - E-mail': '',
      'Responsável 2 - Telefone': '(91) 3222-1100',
      'Responsável 2 - Financeiro': 'Não',
    },
  },
  teams: {
    kind: 'teams',
    config: teams,
    // The year follows the start date (as through the API) and the plan is chosen on the team's screen.
    columns: formColumns(teams, ['school_year_id', 'payment_plan_id']),
    example: {
      Nome: '1º Ano A - Manhã',
      Início: '03/02/2026',
      Término: '18/12/2026',
      Polo: 'Sede',
      Grade: 'Ensino Médio',
    },
  },
};

export function specOf(kind: ImportKind): KindSpec | undefined {
  return SPECS[kind];
}
