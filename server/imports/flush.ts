import { resources } from '../../resources';
import { guardians as guardiansConfig } from '../../resources/guardians';
import { students as studentsConfig } from '../../resources/students';
import { writableFields, type ResourceConfig } from '../../resources/types';
import { auditAll } from '../audit/log';
import { ResourceRepository, type Row } from '../crud/repository';
import { dynamic, type Db } from '../db/connection';
import { createChargeList } from '../finance/service';
import { linkOf } from '../guardians/queries';
import { linkInput, paysOnLink } from '../guardians/service';
import { createRegistrationList } from '../registrations/service';
import { ageOf } from '../students/queries';
import { chargeKey, enrolmentKey, nameAndDay, type Known } from './known';

/**
 * The new records of a run's slice, written together when the slice ends (issue 37's bench): one query of each kind
 * for the whole slice, with the same checks, rows and audit entries as the row-by-row path (writers.ts,
 * writers-school.ts) writes for each. A row that depends on one of them (the same CPF twice in a slice) has them
 * written first, so what it is matched against is stored.
 */
export async function flushKnown(db: Db, known: Known, userId: number | undefined): Promise<void> {
  await flushStudents(db, known, userId);
  await flushEnrolments(db, known, userId);
  if (!known.pendingCharges?.size) return;
  const list = [...known.pendingCharges.values()];
  known.pendingCharges.clear();
  for (const charge of await createChargeList(db, list, userId))
    known.charges?.set(chargeKey(charge.registration_id, charge.quota, charge.due_date), charge);
}

/** A new record's values with its fields' defaults where a cell left them empty (the status Ativo). */
export function withDefaults(config: ResourceConfig, values: Row): Row {
  const out: Row = { ...values };
  for (const field of writableFields(config))
    if ((out[field.name] === null || out[field.name] === undefined) && field.default !== undefined)
      out[field.name] = field.default;
  return out;
}

const created = (userId: number | undefined, entity: string) => (row: Row) => ({
  userId,
  entity,
  entityId: Number(row.id),
  action: 'create' as const,
  changes: row,
});

/** Rows inserted as the row path's upsert does, each audited with the record as stored; their ids, in order. */
async function insertAudited(db: Db, repo: ResourceRepository, list: Row[], userId: number | undefined) {
  const ids = await repo.insertMany(list.map((values) => withDefaults(repo.config, values)));
  const stored = new Map((await repo.findByIds(ids)).map((row) => [Number(row.id), row]));
  await auditAll(
    db,
    ids.map((id) => created(userId, repo.config.name)(stored.get(id)!)),
  );
  return ids.map((id) => stored.get(id)!);
}

/**
 * New students, their new guardians and the links, as linkGuardian makes them one by one: the first guardian of a
 * minor pays, asked or not; a second that pays takes the mark from the first (its link entry says what it was then).
 */
async function flushStudents(db: Db, known: Known, userId: number | undefined): Promise<void> {
  const pending = known.pendingStudents ?? [];
  if (!pending.length) return;
  known.pendingStudents = [];
  known.pendingKeys?.clear();
  const students = await insertAudited(
    db,
    new ResourceRepository(db, studentsConfig, resources),
    pending.map((p) => p.record),
    userId,
  );
  const people = pending.flatMap((p) => p.guardians.map((g) => ({ ...g.values, kinship: g.kinship })));
  const guardians = await insertAudited(db, new ResourceRepository(db, guardiansConfig, resources), people, userId);
  const now = new Date().toISOString();
  const links: Row[] = [];
  const entries: Parameters<typeof auditAll>[1] = [];
  let next = 0;
  pending.forEach((p, i) => {
    const student = students[i];
    const age = ageOf(student.birth_date);
    const minor = age !== null && age < 18;
    const made: ReturnType<typeof linkOf>[] = [];
    for (const g of p.guardians) {
      const guardian = guardians[next++];
      const input = linkInput({ guardian_id: Number(guardian.id), kinship: g.kinship, financial_responsible: g.pays });
      const pays = paysOnLink(input.financial_responsible, minor, made);
      if (pays) for (const other of made) other.financial_responsible = false;
      const link = linkOf({ ...guardian, ...input, financial_responsible: pays ? 1 : 0 });
      made.push(link);
      // The entry is the link as made, before a later one of the same row took the mark.
      entries.push({
        userId,
        entity: 'student_guardians',
        entityId: Number(student.id),
        action: 'link',
        changes: { ...link },
      });
    }
    for (const link of made)
      links.push({
        student_id: Number(student.id),
        guardian_id: link.guardian_id,
        kinship: link.kinship,
        financial_responsible: link.financial_responsible ? 1 : 0,
        pedagogical_responsible: link.pedagogical_responsible ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
  });
  for (let i = 0; i < links.length; i += 200)
    await dynamic(db)
      .insertInto('student_guardians')
      .values(links.slice(i, i + 200))
      .execute();
  await auditAll(db, entries);
  pending.forEach((p, i) => {
    const id = Number(students[i].id);
    if (p.record.cpf) known.studentByCpf?.set(String(p.record.cpf), id);
    if (p.record.birth_date) known.studentsByNameAndDay?.set(nameAndDay(p.record.name, p.record.birth_date), [id]);
  });
  for (const g of guardians) if (g.cpf) known.guardianByCpf?.set(String(g.cpf), Number(g.id));
}

/** New enrolments, through the registrations service; the previous system's number audited as the row path does. */
async function flushEnrolments(db: Db, known: Known, userId: number | undefined): Promise<void> {
  if (!known.pendingEnrolments?.size) return;
  const list = [...known.pendingEnrolments.values()];
  known.pendingEnrolments.clear();
  const made = await createRegistrationList(db, list, userId);
  for (const r of made)
    known.enrolments?.set(enrolmentKey(r.student_id, r.team_id), {
      id: r.id,
      enrolled_on: r.enrolled_on,
      legacy_number: r.legacy_number ?? null,
    });
  await auditAll(
    db,
    made
      .filter((r) => r.legacy_number)
      .map((r) => ({
        userId,
        entity: 'registrations',
        entityId: r.id,
        action: 'update' as const,
        changes: { legacy_number: [null, r.legacy_number] },
      })),
  );
}
