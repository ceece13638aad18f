import { foldText } from '../../resources/text';
import { resources } from '../../resources';
import { students } from '../../resources/students';
import type { ResourceConfig } from '../../resources/types';
import { audit, diff } from '../audit/log';
import { ResourceRepository, type Row } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import { guardians as guardiansConfig } from '../../resources/guardians';
import { linkGuardian, updateLink } from '../guardians/service';
import { linkOfStudent } from '../guardians/queries';
import type { ImportKind } from './kinds';
import { flushKnown, withDefaults } from './flush';
import { nameAndDay, type Known, type NewStudent } from './known';
import type { ParsedRow } from './parse';
import { writeCharge, writeEnrolment, writeGrade } from './writers-school';
import { schoolYearFor, yearOf } from '../school-year/years';

export type Outcome = 'created' | 'updated' | 'unchanged';

export interface WriteOptions {
  /** Nothing is written: the outcome is what a run would do. */
  dryRun: boolean;
  userId?: number;
  /** What is stored for the rows of this slice, found at once (known.ts); absent: each row asks the database. */
  known?: Known;
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** Filled cells that differ from what is stored: an empty cell never erases a value. */
function changesOf(values: Row, stored: Row): Row {
  return Object.fromEntries(
    Object.entries(values).filter(([key, v]) => v !== null && v !== undefined && v !== '' && !same(v, stored[key])),
  );
}

/**
 * Creates or changes one record of a resource as a save on screen does: the row and its audit entry (for a
 * config with `audit`) in the caller's transaction.
 */
async function upsert(
  db: Db,
  config: ResourceConfig,
  values: Row,
  storedId: number | undefined,
  options: WriteOptions,
): Promise<{ id: number | undefined; outcome: Outcome }> {
  const repo = new ResourceRepository(db, config, resources);
  if (storedId === undefined) {
    if (options.dryRun) return { id: undefined, outcome: 'created' };
    const id = await repo.insert(withDefaults(config, values));
    if (config.audit) {
      const created = await repo.findById(id);
      await audit(db, {
        userId: options.userId,
        entity: config.name,
        entityId: id,
        action: 'create',
        changes: diff(undefined, created),
      });
    }
    return { id, outcome: 'created' };
  }
  const before = (await repo.findById(storedId))!;
  const changes = changesOf(values, before);
  if (Object.keys(changes).length === 0) return { id: storedId, outcome: 'unchanged' };
  if (!options.dryRun) {
    await repo.update(storedId, changes);
    if (config.audit) {
      const after = await repo.findById(storedId);
      await audit(db, {
        userId: options.userId,
        entity: config.name,
        entityId: storedId,
        action: 'update',
        changes: diff(before, after),
      });
    }
  }
  return { id: storedId, outcome: 'updated' };
}

/** Among rows with the same other key, the one whose name is the same but for case and accents. */
const byName = (rows: Row[], name: unknown) =>
  rows.find((r) => foldText(String(r.name ?? '').trim()) === foldText(String(name ?? '').trim()));

/** A student by CPF, else by name and birth date. */
async function storedStudent(db: Db, values: Row, known?: Known): Promise<number | undefined> {
  const k = dynamic(db);
  if (known?.studentByCpf && known.studentsByNameAndDay) {
    const byCpf = values.cpf ? known.studentByCpf.get(String(values.cpf)) : undefined;
    if (byCpf !== undefined || !values.birth_date) return byCpf;
    return known.studentsByNameAndDay.get(nameAndDay(values.name, values.birth_date))?.[0];
  }
  if (values.cpf) {
    const found = await k.selectFrom('students').select('id').where('cpf', '=', values.cpf).executeTakeFirst();
    if (found) return Number(found.id);
  }
  if (!values.birth_date) return undefined;
  const rows = await k
    .selectFrom('students')
    .select(['id', 'name'])
    .where('birth_date', '=', values.birth_date)
    .execute();
  const found = byName(rows, values.name);
  return found ? Number(found.id) : undefined;
}

/** A guardian by CPF, else one of the student's guardians with the same name. */
async function storedGuardian(
  db: Db,
  values: Row,
  studentId: number | undefined,
  known?: Known,
): Promise<number | undefined> {
  const k = dynamic(db);
  const byCpf = values.cpf ? known?.guardianByCpf?.get(String(values.cpf)) : undefined;
  if (byCpf !== undefined) return byCpf;
  if (values.cpf && !known?.guardianByCpf) {
    const found = await k.selectFrom('guardians').select('id').where('cpf', '=', values.cpf).executeTakeFirst();
    if (found) return Number(found.id);
  }
  if (studentId === undefined) return undefined;
  const rows = await k
    .selectFrom('student_guardians as sg')
    .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
    .select(['g.id', 'g.name'])
    .where('sg.student_id', '=', studentId)
    .execute();
  const found = byName(rows, values.name);
  return found ? Number(found.id) : undefined;
}

/**
 * A row whose student and guardians are all new, and tied to nothing else new in the slice, as it will be created
 * together with the slice's others (flush.ts); undefined for any other row, written one by one.
 */
function newStudent(row: ParsedRow, known: Known): NewStudent | undefined {
  const record = row.values.record;
  const keys = [
    record.cpf ? `s:${String(record.cpf)}` : '',
    record.birth_date ? `n:${nameAndDay(record.name, record.birth_date)}` : '',
  ];
  const guardians: NewStudent['guardians'] = [];
  for (const group of ['g1', 'g2']) {
    if (!row.values[group]) continue;
    const { kinship, financial_responsible: pays, ...values } = row.values[group];
    if (values.cpf) {
      if (known.guardianByCpf?.has(String(values.cpf))) return undefined;
      keys.push(`g:${String(values.cpf)}`);
      // A guardian without a CPF is matched by name among the student's guardians: the row's first, perhaps.
    } else if (
      guardians.some((g) =>
        same(foldText(String(g.values.name ?? '').trim()), foldText(String(values.name ?? '').trim())),
      )
    )
      return undefined;
    guardians.push({ values, kinship, pays });
  }
  const filled = keys.filter(Boolean);
  if (new Set(filled).size < filled.length || filled.some((key) => known.pendingKeys?.has(key))) return undefined;
  for (const key of filled) known.pendingKeys?.add(key);
  return { record, guardians };
}

async function writeStudent(db: Db, row: ParsedRow, options: WriteOptions): Promise<Outcome> {
  const record = row.values.record;
  const known = options.known;
  if (!options.dryRun && known?.pendingStudents) {
    const fresh = (await storedStudent(db, record, known)) === undefined ? newStudent(row, known) : undefined;
    if (fresh) {
      known.pendingStudents.push(fresh);
      return 'created';
    }
    // Matched against what the slice has stored so far: its new records first.
    await flushKnown(db, known, options.userId);
  }
  const student = await upsert(db, students, record, await storedStudent(db, record, options.known), options);
  let outcome = student.outcome;
  // Created here: a later row of the same slice with this CPF (or name and birth date) finds it.
  if (student.outcome === 'created' && student.id !== undefined && options.known?.studentByCpf) {
    if (record.cpf) options.known.studentByCpf.set(String(record.cpf), student.id);
    if (record.birth_date)
      options.known.studentsByNameAndDay?.set(nameAndDay(record.name, record.birth_date), [student.id]);
  }
  for (const group of ['g1', 'g2']) {
    const values = row.values[group];
    if (!values) continue;
    const { kinship, financial_responsible: pays, ...fields } = values;
    const guardianId = await storedGuardian(db, fields, student.id, options.known);
    const guardian = await upsert(
      db,
      guardiansConfig,
      guardianId === undefined ? { ...fields, kinship } : fields,
      guardianId,
      options,
    );
    if (guardian.outcome !== 'unchanged' && outcome === 'unchanged') outcome = 'updated';
    if (guardian.outcome === 'created' && guardian.id !== undefined && fields.cpf)
      options.known?.guardianByCpf?.set(String(fields.cpf), guardian.id);
    if (student.id === undefined || guardian.id === undefined) continue;
    // A student created by this row has no link before its first guardian's: nothing to look up.
    const fresh = student.outcome === 'created' && group === 'g1';
    const link = fresh ? undefined : await linkOfStudent(dynamic(db), student.id, guardian.id);
    const writer = { userId: options.userId };
    if (!link) {
      if (outcome === 'unchanged') outcome = 'updated';
      if (!options.dryRun)
        await linkGuardian(db, student.id, { guardian_id: guardian.id, kinship, financial_responsible: pays }, writer);
    } else if (link.kinship !== kinship || (pays && !link.financial_responsible)) {
      // An import marks a payer, never unmarks one: a minor is never left without whoever pays.
      if (outcome === 'unchanged') outcome = 'updated';
      if (!options.dryRun)
        await updateLink(
          db,
          student.id,
          guardian.id,
          {
            kinship,
            financial_responsible: Boolean(pays) || link.financial_responsible,
            pedagogical_responsible: link.pedagogical_responsible,
          },
          writer,
        );
    }
  }
  return outcome;
}

/** A team by name (case and accents aside) in the year it starts. */
async function storedTeam(db: Db, values: Row): Promise<number | undefined> {
  const year = String(values.start_date ?? '').slice(0, 4);
  if (!/^\d{4}$/.test(year)) return undefined;
  const rows = await dynamic(db)
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('start_date', '>=', `${year}-01-01`)
    .where('start_date', '<=', `${year}-12-31`)
    .execute();
  const found = byName(rows, values.name);
  return found ? Number(found.id) : undefined;
}

async function writeTeam(db: Db, row: ParsedRow, options: WriteOptions): Promise<Outcome> {
  const config = resources.find((r) => r.name === 'teams')!;
  const stored = await storedTeam(db, row.values.record);
  const record = row.values.record;
  // A new team belongs to its start date's school year, as one created through the API without a year does.
  const values =
    stored === undefined && !options.dryRun
      ? { ...record, school_year_id: await schoolYearFor(db, yearOf(String(record.start_date)), teamDates(record)) }
      : record;
  return (await upsert(db, config, values, stored, options)).outcome;
}

const teamDates = (record: Row) => ({ start_date: String(record.start_date), end_date: String(record.end_date) });

/** Each kind's writer of one valid row: matched so that the same file twice creates nothing the second time. */
export const WRITERS: Partial<Record<ImportKind, (db: Db, row: ParsedRow, options: WriteOptions) => Promise<Outcome>>> =
  {
    students: writeStudent,
    teams: writeTeam,
    enrolments: writeEnrolment,
    charges: writeCharge,
    grades: writeGrade,
  };
