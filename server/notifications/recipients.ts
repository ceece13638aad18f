import { inChunks } from '../db/chunks';
import type { Q } from '../guardians/queries';
import { ageOf } from '../students/queries';

/** Someone a family e-mail goes to: a guardian, or an adult student who answers for themselves. */
export interface Recipient {
  /** 'guardian:3' or 'student:9': with the event, the key that makes a message go once. */
  key: string;
  name: string;
  email: string;
}

/**
 * Who hears of each student's school life ('family': every guardian linked to them) or of their charges ('payer':
 * the financial responsible). An adult student with no such guardian is told themselves, at their own e-mail.
 * Anyone without an e-mail on file is left out: there is nowhere to write to.
 */
export async function recipientsOf(
  k: Q,
  studentIds: number[],
  who: 'family' | 'payer',
  today: string,
): Promise<Map<number, Recipient[]>> {
  const ids = [...new Set(studentIds)];
  const byStudent = new Map<number, Recipient[]>(ids.map((id) => [id, []]));
  const links = await inChunks(ids, (slice) => {
    let query = k
      .selectFrom('student_guardians as sg')
      .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
      .select(['sg.student_id', 'g.id', 'g.name', 'g.email'])
      .where('sg.student_id', 'in', slice);
    if (who === 'payer') query = query.where('sg.financial_responsible', '=', 1);
    return query.orderBy('g.id').execute();
  });
  const answered = new Set<number>();
  for (const link of links) {
    const studentId = Number(link.student_id);
    answered.add(studentId);
    if (link.email) byStudent.get(studentId)!.push({ key: `guardian:${link.id}`, name: link.name, email: link.email });
  }
  const alone = ids.filter((id) => !answered.has(id));
  if (alone.length) {
    const students = await inChunks(alone, (slice) =>
      k.selectFrom('students').select(['id', 'name', 'email', 'birth_date']).where('id', 'in', slice).execute(),
    );
    for (const s of students) {
      const age = ageOf(s.birth_date, today);
      if (s.email && age !== null && age >= 18)
        byStudent.get(Number(s.id))!.push({ key: `student:${s.id}`, name: s.name, email: s.email });
    }
  }
  return byStudent;
}
