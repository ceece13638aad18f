import type { FileReport, ReportField } from '../../reports/types';
import { formatBRL, formatDate, registrationNumber } from '../../resources/format';
import { dynamic, type Db } from '../db/connection';
import type { ReportParams } from './builder';

/** The table behind a field that picks rows, for writing their names. */
const TABLE_OF: Record<string, string> = {
  teams: 'teams',
  team: 'teams',
  student: 'students',
  'payment-types': 'payment_types',
  'service-types': 'service_types',
  users: 'users',
  'users/names': 'users',
};

async function namesOf(db: Db, table: string, ids: number[]): Promise<string> {
  const rows = await dynamic(db).selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), String(r.name)]));
  return ids.map((id) => byId.get(id) ?? `#${id}`).join(', ');
}

async function valueText(db: Db, field: ReportField, value: NonNullable<ReportParams[string]>): Promise<string> {
  switch (field.kind) {
    case 'teams':
    case 'team':
    case 'student':
    case 'studentTeam':
    case 'lookup':
    case 'lookups': {
      const table = TABLE_OF[field.lookup ?? field.kind] ?? 'teams';
      return namesOf(db, table, Array.isArray(value) ? value : [Number(value)]);
    }
    case 'date':
      return formatDate(String(value));
    case 'month':
      return `${String(value).slice(5, 7)}/${String(value).slice(0, 4)}`;
    case 'money':
      return formatBRL(Number(value));
    case 'choice':
      return field.choices?.find((c) => c.id === String(value))?.name ?? String(value);
    case 'text':
      return `“${String(value)}”`;
    case 'integer':
      return field.name === 'registration_id' ? registrationNumber(Number(value)) : String(value);
  }
}

/**
 * One line per filter the user set ("Turmas: Turma A, Turma B", "Vencimento até: 31/12/2026"), in the
 * form's order and words, so that a printed report says what it contains. `skip` leaves fields out (the
 * order and the format, which the report states otherwise).
 */
export async function filterLines(db: Db, report: FileReport, params: ReportParams, skip: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const field of report.fields) {
    const value = params[field.name];
    if (skip.includes(field.name) || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    lines.push(`${field.label}: ${await valueText(db, field, value)}`);
  }
  return lines;
}
