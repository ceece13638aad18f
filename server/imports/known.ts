import { foldText } from '../../resources/text';
import { dynamic, type Db } from '../db/connection';
import { chargesWhere, type Charge } from '../finance/queries';
import type { ChargeValues } from '../finance/service';
import type { ImportKind } from './kinds';
import type { ParsedRow } from './parse';

/**
 * What is stored for a slice of rows, found with a few `in (…)` queries before the slice is matched row by row: a
 * preview or a run of 120,000 charges asked the database once per row before (issue 37's bench), and on SQLite each
 * of those queries holds the event loop. The writers look here first and, for what a slice does not cover, ask the
 * database as before; what they create is added, so a key repeated further down the same slice is found.
 */
export interface Known {
  /** Students by CPF, and by folded name + birth date (ids; more than one id: ambiguous). */
  studentByCpf?: Map<string, number>;
  studentsByNameAndDay?: Map<string, number[]>;
  /** Guardians by CPF. */
  guardianByCpf?: Map<string, number>;
  /** Enrolments by `student:team`. */
  enrolments?: Map<string, { id: number; enrolled_on: string | null; legacy_number: string | null }>;
  /** Charges by `enrolment:quota:due date`. */
  charges?: Map<string, Charge>;
  /** New charges of a run's slice, created together when it ends (flush.ts). */
  pendingCharges?: Map<string, NewCharge>;
  /** New students of a run's slice with their new guardians, created together (flush.ts), and the keys they hold. */
  pendingStudents?: NewStudent[];
  pendingKeys?: Set<string>;
  /** New enrolments of a run's slice by `student:team`, created together (flush.ts). */
  pendingEnrolments?: Map<string, NewEnrolment>;
}

/** A new student and the new guardians of its row, each as the row path would have stored it. */
export interface NewStudent {
  record: Record<string, unknown>;
  guardians: { values: Record<string, unknown>; kinship: unknown; pays: unknown }[];
}

export interface NewEnrolment {
  student_id: number;
  team_id: number;
  enrolled_on?: unknown;
  legacy_number: string | null;
}

export type NewCharge = ChargeValues & {
  registration_id: number;
  value_cents: number;
  quota: number;
  due_date: string;
};

export const nameAndDay = (name: unknown, day: unknown) => `${foldText(String(name ?? '').trim())}|${String(day)}`;
export const enrolmentKey = (studentId: unknown, teamId: unknown) => `${Number(studentId)}:${Number(teamId)}`;
export const chargeKey = (registrationId: unknown, quota: unknown, due: unknown) =>
  `${Number(registrationId)}:${Number(quota)}:${String(due)}`;

const unique = <T>(items: T[]): T[] => [...new Set(items)];
const present = (values: unknown[]): string[] =>
  unique(values.filter((v) => v !== undefined && v !== null && v !== '').map(String));

async function knownStudents(db: Db, rows: ParsedRow[], known: Known): Promise<void> {
  const k = dynamic(db);
  const cpfs = present(rows.map((r) => r.values.record.cpf));
  const days = present(rows.map((r) => r.values.record.birth_date));
  const guardianCpfs = present(rows.flatMap((r) => [r.values.g1?.cpf, r.values.g2?.cpf]));
  known.studentByCpf = new Map();
  known.studentsByNameAndDay = new Map();
  known.guardianByCpf = new Map();
  known.pendingStudents = [];
  known.pendingKeys = new Set();
  if (cpfs.length)
    for (const s of await k.selectFrom('students').select(['id', 'cpf']).where('cpf', 'in', cpfs).execute())
      known.studentByCpf.set(String(s.cpf), Number(s.id));
  if (days.length)
    for (const s of await k
      .selectFrom('students')
      .select(['id', 'name', 'birth_date'])
      .where('birth_date', 'in', days)
      .execute()) {
      const key = nameAndDay(s.name, s.birth_date);
      known.studentsByNameAndDay.set(key, [...(known.studentsByNameAndDay.get(key) ?? []), Number(s.id)]);
    }
  if (guardianCpfs.length)
    for (const g of await k.selectFrom('guardians').select(['id', 'cpf']).where('cpf', 'in', guardianCpfs).execute())
      known.guardianByCpf.set(String(g.cpf), Number(g.id));
}

async function knownEnrolments(db: Db, rows: ParsedRow[], known: Known): Promise<void> {
  const students = unique(rows.map((r) => Number(r.values.record.student_id)));
  known.enrolments = new Map();
  known.pendingEnrolments = new Map();
  if (!students.length) return;
  for (const r of await dynamic(db)
    .selectFrom('registrations')
    .select(['id', 'student_id', 'team_id', 'enrolled_on', 'legacy_number'])
    .where('student_id', 'in', students)
    .execute())
    known.enrolments.set(enrolmentKey(r.student_id, r.team_id), {
      id: Number(r.id),
      enrolled_on: (r.enrolled_on as string | null) ?? null,
      legacy_number: (r.legacy_number as string | null) ?? null,
    });
}

async function knownCharges(db: Db, rows: ParsedRow[], known: Known): Promise<void> {
  const registrations = unique(rows.map((r) => Number(r.values.record.registration_id)));
  known.charges = new Map();
  known.pendingCharges = new Map();
  for (const charge of registrations.length ? await chargesWhere(db, 'registration_id', registrations) : [])
    known.charges.set(chargeKey(charge.registration_id, charge.quota, charge.due_date), charge);
}

/** What is stored for these rows (a slice of one kind), for the writers to match against. */
export async function knownFor(db: Db, kind: ImportKind, rows: ParsedRow[]): Promise<Known> {
  const known: Known = {};
  const valid = rows.filter((r) => r.valid);
  if (kind === 'students') await knownStudents(db, valid, known);
  else if (kind === 'enrolments') await knownEnrolments(db, valid, known);
  else if (kind === 'charges') await knownCharges(db, valid, known);
  return known;
}
