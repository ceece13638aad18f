import { sql, type SelectQueryBuilder } from 'kysely';
import { FINANCIAL_ORDERS } from '../../reports/index';
import { SCHOOL_TIME_ZONE } from '../../resources/format';
import { foldText } from '../../resources/text';
import { dynamic, type Db } from '../db/connection';
import { validationError } from '../http/errors';
import { teamsInReach, type ReportParams } from './builder';
import { inTeams } from './reach';

/** One row of the filtered financial report. */
export interface FinancialRow {
  id: number;
  registration_id: number;
  student: string;
  team: string;
  service: string | null;
  quota: number;
  due_date: string;
  value_cents: number | string;
  paid: number;
  pay_day: string | null;
  /** What a paid charge recorded it paid of fine, of interest and in all (null: before issue 27, or open). */
  paid_fine_cents: number | string | null;
  paid_interest_cents: number | string | null;
  paid_total_cents: number | string | null;
  payment_type: string | null;
  created_by: string | null;
  observations: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Query = SelectQueryBuilder<any, any, FinancialRow>;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The instant (ISO, UTC) a school day begins in São Paulo: `2026-03-05` → `2026-03-05T03:00:00.000Z`. */
export function schoolDayStart(day: string): string {
  const utc = Date.parse(`${day}T00:00:00Z`);
  const probe = new Date(utc + 12 * 3_600_000);
  const p = Object.fromEntries(zoneParts.formatToParts(probe).map((x) => [x.type, Number(x.value)]));
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - probe.getTime();
  return new Date(utc - offset).toISOString();
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The registry's `_field_order` choices as column references. Only these names reach the SQL, and only
 * through `sql.ref`: any other value is refused (params.ts refuses it first; this is the second lock).
 */
const ORDER_COLUMNS = new Map(FINANCIAL_ORDERS.map((o) => [o.id, o.id]));

export function orderOf(params: ReportParams): { column: string; label: string; direction: 'asc' | 'desc' } {
  const id = String(params._field_order ?? 'f.id');
  const column = ORDER_COLUMNS.get(id);
  if (!column) throw validationError({ _field_order: ['O campo Ordenar por deve ser uma das opções da lista.'] });
  const direction = params._direction === 'asc' ? 'asc' : 'desc';
  return { column, label: FINANCIAL_ORDERS.find((o) => o.id === id)!.name, direction };
}

/**
 * Charges with whom they belong to: the enrolment (`r`), its student (`s`) and team (`t`), and the service
 * (`st`, optional). The base of every report that lists charges; each adds its own columns and filters.
 */
export function chargesWithStudents(db: Db) {
  return dynamic(db)
    .selectFrom('financials as f')
    .innerJoin('registrations as r', 'r.id', 'f.registration_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .leftJoin('service_types as st', 'st.id', 'f.service_type_id');
}

/**
 * The charges matching every filter of the form (spec §3 Financial report filter), in the chosen order
 * with the charge's id breaking ties (so that the order is total and equal on both databases; charges
 * without the ordered value, e.g. no pay day, come last either way).
 */
export function financialQuery(db: Db, params: ReportParams): Query {
  let q = chargesWithStudents(db)
    .leftJoin('payment_types as pt', 'pt.id', 'f.payment_type_id')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select([
      'f.id',
      'f.registration_id',
      's.name as student',
      't.name as team',
      'st.name as service',
      'f.quota',
      'f.due_date',
      'f.value_cents',
      'f.paid',
      'f.pay_day',
      'f.paid_fine_cents',
      'f.paid_interest_cents',
      'f.paid_total_cents',
      'pt.name as payment_type',
      'u.name as created_by',
      'f.observations',
    ]) as Query;

  const list = (name: string) => (Array.isArray(params[name]) ? (params[name] as number[]) : undefined);
  const given = (name: string) => params[name] !== undefined;
  const contains = (column: string, name: string) => {
    const pattern = `%${escapeLike(foldText(String(params[name])))}%`;
    q = q.where(db.fold(sql.ref(column)), 'like', sql<string>`${pattern} escape '\\'`);
  };

  // A confined caller (a teacher given the report) reads their own teams' charges only, whatever the filters.
  const reach = teamsInReach(params);
  if (reach) q = q.where(inTeams(sql.ref('r.team_id'), reach));
  if (list('team')?.length) q = q.where('r.team_id', 'in', list('team')!);
  if (list('payment_type_id')?.length) q = q.where('f.payment_type_id', 'in', list('payment_type_id')!);
  if (given('start_date')) q = q.where('f.due_date', '>=', String(params.start_date));
  if (given('end_date')) q = q.where('f.due_date', '<=', String(params.end_date));
  if (given('registration_id')) q = q.where('f.registration_id', '=', Number(params.registration_id));
  if (given('student_id')) q = q.where('r.student_id', '=', Number(params.student_id));
  if (given('student_name')) contains('s.name', 'student_name');
  if (given('quota')) q = q.where('f.quota', '=', Number(params.quota));
  if (given('initial_value')) q = q.where('f.value_cents', '>=', Number(params.initial_value));
  if (given('final_value')) q = q.where('f.value_cents', '<=', Number(params.final_value));
  if (params.paid === '1') q = q.where('f.paid', '<>', 0);
  if (params.paid === '0') q = q.where('f.paid', '=', 0);
  if (given('observations')) contains('f.observations', 'observations');
  if (given('financial_observation')) contains('f.financial_observation', 'financial_observation');
  if (given('service_type_id')) q = q.where('f.service_type_id', '=', Number(params.service_type_id));
  // Creation is an instant; the form's days are the school's days (UTC−3), whole days inclusive.
  if (given('start_created_at')) q = q.where('f.created_at', '>=', schoolDayStart(String(params.start_created_at)));
  if (given('end_created_at')) q = q.where('f.created_at', '<', schoolDayStart(nextDay(String(params.end_created_at))));
  if (given('user_id')) q = q.where('f.created_by', '=', Number(params.user_id));
  if (given('start_pay_day')) q = q.where('f.pay_day', '>=', String(params.start_pay_day));
  if (given('end_pay_day')) q = q.where('f.pay_day', '<=', String(params.end_pay_day));
  if (given('updated_user_id')) q = q.where('f.updated_by', '=', Number(params.updated_user_id));
  if (given('paid_by_user_id')) q = q.where('f.paid_by', '=', Number(params.paid_by_user_id));

  const { column, direction } = orderOf(params);
  const dir = sql.raw(direction === 'asc' ? 'asc' : 'desc');
  // The student's name sorts as people read it (accents and case aside), the same on both databases.
  const key = column === 's.name' ? db.fold(sql.ref(column)) : sql.ref(column);
  if (column !== 'f.id') q = q.orderBy(sql`${key} ${dir} nulls last`);
  return q.orderBy(sql`${sql.ref('f.id')} ${dir}`);
}
