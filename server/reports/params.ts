import { parse } from 'node:querystring';
import { dateInRange, messages, parseDate, parseInteger, parseMoney } from '../../resources/format';
import type { FileReport, ReportField } from '../../reports/types';
import { validationError, type FieldErrors } from '../http/errors';
import { asId, INT_MAX } from '../http/ids';
import type { ReportParams } from './builder';

const TEXT_MAX = 200;
const LIST_MAX = 500;

type Value = string | number | number[] | undefined;

/** One field's raw value (or values, for lists) as the builder wants it, or an error message. */
function readField(field: ReportField, raw: string[]): { value: Value } | { error: string } {
  const given = raw.map((r) => r.trim()).filter((r) => r !== '');
  if (given.length === 0) {
    if (field.default !== undefined) return { value: field.default };
    return field.required ? { error: messages.required(field.label) } : { value: undefined };
  }
  const one = given[given.length - 1];
  switch (field.kind) {
    case 'team':
    case 'student':
    case 'studentTeam':
    case 'lookup': {
      const id = asId(one);
      return id === undefined ? { error: messages.reference(field.label) } : { value: id };
    }
    case 'teams':
    case 'lookups': {
      // `team[]=1&team[]=2` and `team=1,2` are the same list.
      const ids = given.flatMap((g) => g.split(',')).map((g) => asId(g));
      if (ids.length > LIST_MAX || ids.some((id) => id === undefined))
        return { error: messages.reference(field.label) };
      return { value: [...new Set(ids as number[])] };
    }
    case 'date': {
      const iso = parseDate(one);
      if (iso === null) return { error: messages.date(field.label) };
      return dateInRange(iso) ? { value: iso } : { error: messages.dateRange(field.label) };
    }
    case 'month': {
      const match = /^(\d{4})-(\d{2})$/.exec(one);
      const valid = match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12 && dateInRange(`${one}-01`);
      return valid ? { value: one } : { error: `O campo ${field.label} deve ser um mês (aaaa-mm).` };
    }
    case 'integer': {
      const n = parseInteger(one);
      if (n === null || Math.abs(n) > INT_MAX) return { error: messages.integer(field.label) };
      if (field.min !== undefined && n < field.min) return { error: messages.min(field.label, field.min) };
      if (field.max !== undefined && n > field.max) return { error: messages.max(field.label, field.max) };
      return { value: n };
    }
    case 'money': {
      // Reais, as the charges take them: "100" is R$ 100,00, as are "100.00" and "100,00"; "150,50" as typed.
      const cents = parseMoney(one);
      return cents === null || cents < 0 ? { error: messages.money(field.label) } : { value: cents };
    }
    case 'text':
      return one.length > TEXT_MAX ? { error: messages.tooLong(field.label, TEXT_MAX) } : { value: one };
    case 'choice': {
      const ids = (field.choices ?? []).map((c) => c.id);
      return ids.includes(one)
        ? { value: one }
        : {
            error: messages.option(
              field.label,
              (field.choices ?? []).map((c) => c.name),
            ),
          };
    }
  }
}

/**
 * A report's parameters from its path and its raw query string (read here rather than from Fastify's
 * last-value query, because list fields arrive as `name[]`). Every field of the registry is checked by its
 * kind; anything else in the query is ignored. Missing or bad fields answer 422 naming them.
 */
export function reportParams(report: FileReport, pathParams: Record<string, string>, rawQuery: string): ReportParams {
  const query = parse(rawQuery);
  const valuesOf = (name: string): string[] => {
    if (pathParams[name] !== undefined) return [pathParams[name]];
    const v = query[`${name}[]`] ?? query[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  const params: ReportParams = {};
  const errors: FieldErrors = {};
  for (const field of report.fields) {
    const read = readField(field, valuesOf(field.name));
    if ('error' in read) errors[field.name] = [read.error];
    else if (read.value !== undefined) params[field.name] = read.value;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  // A report that asks before stating something not yet true is made at once when the person confirmed.
  if (report.confirmable && valuesOf('confirm').at(-1) === '1') params.confirm = '1';
  return params;
}
