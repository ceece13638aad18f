import { messages, parseInteger, parseMoney } from '../../resources/format';
import { fileExtension, type FileReport, type ReportField } from '../../reports/types';

/** A row picked in a select that searches on the server (a team, a student, a team of the student). */
export interface Picked {
  id: number;
  name: string;
}

/** What the form holds per field: text for typed inputs, ids for lookups, picked rows for teams and students. */
export type FieldValue = string | string[] | Picked | Picked[] | null;
export type FormValues = Record<string, FieldValue>;

export function initialValues(report: FileReport): FormValues {
  return Object.fromEntries(
    report.fields.map((f): [string, FieldValue] => {
      if (f.kind === 'teams' || f.kind === 'lookups') return [f.name, []];
      if (f.kind === 'team' || f.kind === 'student' || f.kind === 'studentTeam') return [f.name, null];
      const initial = f.formDefault ?? f.default;
      return [f.name, initial === undefined ? '' : String(initial)];
    }),
  );
}

/**
 * A form filled from its address, as the FINANCEIRO dashboard links it (`?start_date=…&paid=0&team=3&team_name=…`):
 * typed and choice fields take their text; a team list takes each `team` id with its `team_name` for the label.
 * Unknown names are ignored, so an address never sets what the form does not have.
 */
export function valuesFromQuery(report: FileReport, search: string): FormValues {
  const params = new URLSearchParams(search);
  const values: FormValues = {};
  for (const f of report.fields) {
    const given = params.getAll(f.name).filter((v) => v.trim() !== '');
    if (!given.length) continue;
    if (f.kind === 'teams') {
      const names = params.getAll(`${f.name}_name`);
      values[f.name] = given
        .map((id, i) => ({ id: Number(id), name: names[i] || `Turma ${id}` }))
        .filter((p) => Number.isSafeInteger(p.id) && p.id > 0);
    } else if (f.kind === 'lookups') values[f.name] = given;
    else if (f.kind !== 'team' && f.kind !== 'student' && f.kind !== 'studentTeam') values[f.name] = given[0];
  }
  return values;
}

const isPicked = (v: unknown): v is Picked => typeof v === 'object' && v !== null && !Array.isArray(v) && 'id' in v;

/** The field's value as the server reads it: one text, a list (for `name[]`), or nothing. */
function wireOf(value: FieldValue): string | string[] | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    const list = value.map((v) => (isPicked(v) ? String(v.id) : v));
    return list.length ? list : undefined;
  }
  if (isPicked(value)) return String(value.id);
  return value.trim() === '' ? undefined : value.trim();
}

export const missingRequired = (report: FileReport, values: FormValues): string[] =>
  report.fields.filter((f) => f.required && wireOf(values[f.name] ?? null) === undefined).map((f) => f.name);

/** Money and bounded integers typed wrong, in the words the server would use. */
function checkTyped(field: ReportField, text: string): { value?: string; error?: string } {
  if (field.kind === 'money') {
    // Sent in reais with a decimal point ("1234.56"), as the server reads the filter.
    const cents = parseMoney(text);
    return cents === null || cents < 0
      ? { error: messages.money(field.label) }
      : { value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
  }
  if (field.kind === 'integer') {
    const n = parseInteger(text, { signed: false });
    const min = field.min ?? 0;
    const max = field.max ?? 2147483647;
    if (n === null || n < min || n > max)
      return {
        error:
          field.max === undefined
            ? `O campo ${field.label} deve ser um número inteiro a partir de ${min}.`
            : `O campo ${field.label} deve ser um número de ${min} a ${max}.`,
      };
    return { value: String(n) };
  }
  return { value: text };
}

export type ReportRequest =
  { ok: true; path: string; fileName: string } | { ok: false; missing: string[]; errors: Record<string, string> };

const encodeKey = (name: string) => encodeURIComponent(name);

/**
 * The request of a filled form (spec: reports are GETs): `{name}` placeholders of the registry's `api`
 * filled from their fields, every other field in the query string, lists as `name[]`; and the file name,
 * the registry's fixed one with the format's extension (`type_print` for the XLSX-or-PDF report).
 */
export function reportRequest(report: FileReport, values: FormValues): ReportRequest {
  const missing = missingRequired(report, values);
  const errors: Record<string, string> = {};
  const wire: Record<string, string | string[]> = {};
  for (const field of report.fields) {
    const value = wireOf(values[field.name] ?? null);
    if (value === undefined) continue;
    if (typeof value === 'string' && (field.kind === 'money' || field.kind === 'integer')) {
      const checked = checkTyped(field, value);
      if (checked.error) errors[field.name] = checked.error;
      else wire[field.name] = checked.value!;
    } else {
      wire[field.name] = value;
    }
  }
  if (missing.length || Object.keys(errors).length) return { ok: false, missing, errors };
  const inPath = new Set<string>();
  const path = report.api.replace(/\{(\w+)\}/g, (_, name: string) => {
    inPath.add(name);
    return encodeURIComponent(String(wire[name] ?? ''));
  });
  const query = Object.entries(wire)
    .filter(([name]) => !inPath.has(name))
    .flatMap(([name, value]) =>
      Array.isArray(value)
        ? value.map((v) => `${encodeKey(name)}[]=${encodeURIComponent(v)}`)
        : [`${encodeKey(name)}=${encodeURIComponent(value)}`],
    );
  const format = report.format === 'xlsx|pdf' ? (wire.type_print === 'pdf' ? 'pdf' : 'xlsx') : report.format;
  return {
    ok: true,
    path: query.length ? `${path}?${query.join('&')}` : path,
    fileName: `${report.fileName}${fileExtension(format)}`,
  };
}
