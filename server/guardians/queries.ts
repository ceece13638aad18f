import type { Kysely } from 'kysely';
import { ageOf } from '../students/queries';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Q = Kysely<any>;

/** A student's guardian as `GET /students/{id}/guardians` answers it. */
export type Link = {
  guardian_id: number;
  name: string;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  kinship: string;
  financial_responsible: boolean;
  pedagogical_responsible: boolean;
};

const text = (v: unknown) => (v == null ? null : String(v));

export const linkOf = (r: Record<string, unknown>): Link => ({
  guardian_id: Number(r.guardian_id),
  name: String(r.name),
  cpf: text(r.cpf),
  email: text(r.email),
  phone: text(r.phone),
  kinship: String(r.kinship),
  financial_responsible: Number(r.financial_responsible) === 1,
  pedagogical_responsible: Number(r.pedagogical_responsible) === 1,
});

function linksQuery(k: Q, studentId: number) {
  return k
    .selectFrom('student_guardians as sg')
    .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
    .select([
      'sg.guardian_id',
      'g.name',
      'g.cpf',
      'g.email',
      'g.phone',
      'sg.kinship',
      'sg.financial_responsible',
      'sg.pedagogical_responsible',
    ])
    .where('sg.student_id', '=', studentId);
}

/** The financial responsible first, then by name (sorted here: the databases' collations differ). */
export async function linksOf(k: Q, studentId: number): Promise<Link[]> {
  const links = (await linksQuery(k, studentId).execute()).map(linkOf);
  return links.sort(
    (a, b) =>
      Number(b.financial_responsible) - Number(a.financial_responsible) ||
      a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }),
  );
}

export async function linkOfStudent(k: Q, studentId: number, guardianId: number): Promise<Link | undefined> {
  const row = await linksQuery(k, studentId).where('sg.guardian_id', '=', guardianId).executeTakeFirst();
  return row ? linkOf(row) : undefined;
}

/**
 * The student, with whether they are a minor today on the school's calendar (no birth date: an adult). `lock`
 * (PostgreSQL, in a transaction): the row stays locked until it ends, so writes on one student's links queue.
 */
export async function studentOf(
  k: Q,
  studentId: number,
  lock = false,
): Promise<{ id: number; minor: boolean } | undefined> {
  const query = k.selectFrom('students').select(['id', 'birth_date']).where('id', '=', studentId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  const age = ageOf(row.birth_date);
  return { id: Number(row.id), minor: age !== null && age < 18 };
}

export async function guardianExists(k: Q, guardianId: number): Promise<boolean> {
  return (await k.selectFrom('guardians').select('id').where('id', '=', guardianId).executeTakeFirst()) !== undefined;
}

/**
 * A student's guardians as the LGPD export hands them out: each link (kinship, the two marks, when it was made)
 * with the guardian's whole record, since it is personal data the school holds because of this student.
 */
export async function guardiansForExport(k: Q, studentId: number): Promise<Record<string, unknown>[]> {
  const links = await k
    .selectFrom('student_guardians')
    .selectAll()
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
  if (!links.length) return [];
  const people = await k
    .selectFrom('guardians')
    .selectAll()
    .where(
      'id',
      'in',
      links.map((l) => Number(l.guardian_id)),
    )
    .execute();
  return links.map((l) => {
    const { search_text: _index, ...guardian } = people.find((g) => Number(g.id) === Number(l.guardian_id)) ?? {};
    return {
      kinship: String(l.kinship),
      financial_responsible: Number(l.financial_responsible) === 1,
      pedagogical_responsible: Number(l.pedagogical_responsible) === 1,
      linked_at: l.created_at,
      guardian,
    };
  });
}
