import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { schoolDayOf } from '../../resources/format';
import {
  columnOf,
  fieldOf,
  type FieldConfig,
  type ListFilterConfig,
  type ResourceConfig,
  type StateCondition,
} from '../../resources/types';
import type { FieldErrors } from '../http/errors';
import { INT_MAX, INT_MIN } from '../http/ids';

/** The words a yes/no filter takes ("Possui financeiro?"), as a query string or a form sends them. */
const YES = ['1', 'true', 'sim'];
const NO = ['0', 'false', 'nao', 'não'];

export type FilterResult = { ok: true; conditions: RawBuilder<SqlBool>[] } | { ok: false; errors: FieldErrors };

const invalid = (filter: ListFilterConfig) => `Valor inválido para o filtro ${filter.label}.`;

/** A positive id the databases can hold, or undefined. */
function idOf(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= INT_MAX ? id : undefined;
}

/** The last day of a month, `YYYY-MM-DD` compared as text as the dates are stored. */
const monthEnd = (month: string) => `${month}-31`;

/** One comparison of a filter's state; the operator is one of the config's four, never text from a request. */
function comparison(column: ReturnType<typeof sql.ref>, condition: StateCondition): RawBuilder<SqlBool> {
  // The school's day, asked at each request: "vencida" moves at midnight in São Paulo, not at the server's.
  const value = 'today' in condition ? schoolDayOf() : condition.value;
  return sql<SqlBool>`${column} ${sql.raw(condition.op)} ${value}`;
}

/**
 * The condition on the row (alias `alias`) that one filter value asks for, or a message when the value is not one
 * the filter takes. The field's type decides the comparison (ListFilterConfig); every column comes from the config.
 */
function conditionOf(
  config: ResourceConfig,
  filter: ListFilterConfig,
  field: FieldConfig,
  text: string,
  alias: string,
): RawBuilder<SqlBool> | string {
  const own = (column: string) => sql.ref(`${alias}.${column}`);
  if (filter.states) {
    const state = filter.states.find((s) => s.value === text);
    if (!state) return invalid(filter);
    return sql<SqlBool>`(${sql.join(
      state.where.map((c) => comparison(own(c.column), c)),
      sql` and `,
    )})`;
  }
  if (field.many) {
    const id = idOf(text);
    if (id === undefined) return invalid(filter);
    const { through, foreignKey, target, targetKey } = field.many;
    const linked = sql.ref(`j.${foreignKey}`);
    if (!filter.targetColumn)
      return sql<SqlBool>`exists (select 1 from ${sql.table(through)} as j where ${linked} = ${own('id')} and ${sql.ref(`j.${targetKey}`)} = ${id})`;
    return sql<SqlBool>`exists (select 1 from ${sql.table(through)} as j inner join ${sql.table(target)} as t on ${sql.ref('t.id')} = ${sql.ref(`j.${targetKey}`)} where ${linked} = ${own('id')} and ${sql.ref(`t.${filter.targetColumn}`)} = ${id})`;
  }
  if (field.count) {
    const folded = text.toLowerCase();
    const yes = YES.includes(folded);
    if (!yes && !NO.includes(folded)) return invalid(filter);
    const { table, foreignKey, through } = field.count;
    const owner = through
      ? sql`in (select ${sql.ref(`${through.table}.id`)} from ${sql.table(through.table)} where ${sql.ref(`${through.table}.${through.foreignKey}`)} = ${own('id')})`
      : sql`= ${own('id')}`;
    const some = sql`exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${foreignKey}`)} ${owner})`;
    return yes ? sql<SqlBool>`${some}` : sql<SqlBool>`not ${some}`;
  }
  switch (field.type) {
    case 'select':
      if (!field.options?.some((o) => o.value === text)) return invalid(filter);
      return sql<SqlBool>`${own(field.name)} = ${text}`;
    case 'reference': {
      const id = idOf(text);
      return id === undefined ? invalid(filter) : sql<SqlBool>`${own(field.name)} = ${id}`;
    }
    case 'date':
      if (filter.part === 'year') {
        if (!/^\d{4}$/.test(text)) return 'Informe o ano com quatro algarismos (2026).';
        return sql<SqlBool>`${own(field.name)} between ${`${text}-01-01`} and ${`${text}-12-31`}`;
      }
      if (filter.part === 'month') {
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(text)) return 'Informe o mês como aaaa-mm (2026-03).';
        return sql<SqlBool>`${own(field.name)} between ${`${text}-01`} and ${monthEnd(text)}`;
      }
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return invalid(filter);
      return sql<SqlBool>`${own(field.name)} = ${text}`;
    case 'month':
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(text)) return 'Informe o mês como aaaa-mm (2026-03).';
      return sql<SqlBool>`${own(field.name)} = ${text}`;
    case 'integer': {
      // A number column compared with a word would fail in PostgreSQL (and a huge one past the column): refused.
      const n = /^-?\d{1,10}$/.test(text) ? Number(text) : NaN;
      return n >= INT_MIN && n <= INT_MAX ? sql<SqlBool>`${own(field.name)} = ${n}` : invalid(filter);
    }
    default:
      return sql<SqlBool>`${own(columnOf(field))} = ${text}`;
  }
}

/**
 * The list's field filters (the config's `list.filters`) read from the query: one condition per parameter given,
 * all to hold. A parameter not declared is ignored, as the contract always did; an empty one means "any";
 * `hidden` fields (personal data the caller may not see) may not be filtered on, or the answer would tell them.
 */
export function listFilters(
  config: ResourceConfig,
  query: unknown,
  hidden: (name: string) => boolean,
  alias = 'r',
): FilterResult {
  const raw = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const conditions: RawBuilder<SqlBool>[] = [];
  const errors: FieldErrors = {};
  for (const filter of config.list.filters ?? []) {
    const value = raw[filter.param];
    if (value === undefined || value === '') continue;
    const field = fieldOf(config, filter.field);
    if (hidden(field.name)) {
      errors[filter.param] = [`Não é possível filtrar por ${filter.label}.`];
      continue;
    }
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
    const condition =
      text === undefined || text.length > 20 ? invalid(filter) : conditionOf(config, filter, field, text, alias);
    if (typeof condition === 'string') errors[filter.param] = [condition];
    else conditions.push(condition);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, conditions };
}

/** The conditions of {@link listFilters} and any other, as one (undefined: none). */
export function allOf(conditions: (RawBuilder<SqlBool> | undefined)[]): RawBuilder<SqlBool> | undefined {
  const given = conditions.filter((c): c is RawBuilder<SqlBool> => c !== undefined);
  if (given.length === 0) return undefined;
  return given.length === 1 ? given[0] : sql<SqlBool>`(${sql.join(given, sql` and `)})`;
}
