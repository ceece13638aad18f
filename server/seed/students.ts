import type { Kysely, Transaction } from 'kysely';
import { schoolDayOf } from '../../resources/format';
import { cpfCheckDigits } from '../../resources/text';
import { PROVIDER_USER_ID } from '../../resources/users';
import { ageOf } from '../students/queries';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any> | Kysely<any>;

const FIRST = [
  'Ana',
  'Beatriz',
  'Carlos',
  'Daniela',
  'Eduardo',
  'Fernanda',
  'Gabriel',
  'Helena',
  'Ítalo',
  'Juliana',
  'Kauã',
  'Larissa',
  'Mateus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sabrina',
  'Thiago',
  'Vitória',
];
const FEMALE = new Set([
  'Ana',
  'Beatriz',
  'Daniela',
  'Fernanda',
  'Helena',
  'Juliana',
  'Larissa',
  'Natália',
  'Patrícia',
  'Sabrina',
  'Vitória',
]);
const LAST = [
  'da Silva',
  'Conceição',
  'Ferreira',
  'Souza Lima',
  'Araújo',
  'Monteiro',
  'Barbosa',
  'Nascimento',
  'Pinheiro',
  'Gonçalves',
];

/** A CPF with valid check digits built from nine base digits (demo data only). */
export function cpfFrom(base: string): string {
  return base + cpfCheckDigits(base);
}

/**
 * Forty demo students registered over the last six months and enrolled in the demo teams, so that
 * lists and the dashboard show real numbers from the first start.
 */
export async function seedStudents(trx: Trx, teamIds: number[], now: Date): Promise<void> {
  // Enrolments are attributed, like any made on screen: to the school's first user (the administrator).
  const admin = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '<>', PROVIDER_USER_ID)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  for (let i = 0; i < 40; i++) {
    const created = new Date(now.getTime() - ((i * 4.5) % 180) * 86_400_000).toISOString();
    const first = FIRST[i % FIRST.length];
    // The second round of first names takes the next surname: no two students of the school share a name (the
    // 21st student used to be the 1st one's namesake, in the same team).
    const name = `${first} ${LAST[(i * 3 + Math.floor(i / FIRST.length)) % LAST.length]}`;
    const birthDate = `${2004 + (i % 6)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
    const mother = `Maria ${LAST[i % LAST.length]}`;
    const student = await trx
      .insertInto('students')
      .values({
        name,
        status: 'Ativo',
        gender: FEMALE.has(first) ? 'F' : 'M',
        // .invalid (RFC 2606): the demo's notices (grades, charges due) can never reach a real mailbox.
        email: `aluno${i + 1}@demo.invalid`,
        cpf: cpfFrom(String(300_000_000 + i * 7_919).padStart(9, '0')),
        city: 'Ananindeua',
        uf: 'PA',
        birth_date: birthDate,
        name_mother: mother,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('registrations')
      .values({
        student_id: student.id,
        team_id: teamIds[i % teamIds.length],
        user_id: admin?.id ?? null,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
}

/**
 * Each demo mother as one guardian, linked to all her children (issue 26): the demo shows siblings sharing one
 * record, and the minors' payer. Apart from the students, because the guardians' tables arrive later than the
 * students' (a test seeds the school on an older schema).
 */
export async function seedGuardians(trx: Trx, now: Date): Promise<void> {
  const today = schoolDayOf(now);
  const students = await trx
    .selectFrom('students')
    .select(['id', 'name_mother', 'birth_date', 'created_at'])
    .where('name_mother', 'is not', null)
    .orderBy('id')
    .execute();
  const mothers = new Map<string, number>();
  for (const [i, student] of students.entries()) {
    const mother = String(student.name_mother);
    const created = student.created_at instanceof Date ? student.created_at.toISOString() : String(student.created_at);
    let guardianId = mothers.get(mother);
    if (guardianId === undefined) {
      const guardian = await trx
        .insertInto('guardians')
        .values({
          name: mother,
          kinship: 'mae',
          // What a boleto or PIX asks of the payer (CPF, e-mail, address): the demo's charges can be paid.
          cpf: cpfFrom(String(500_000_000 + i * 7_919).padStart(9, '0')),
          email: `responsavel${i + 1}@demo.invalid`,
          phone: `91998${String(i).padStart(6, '0')}`,
          cep: '67030000',
          street: 'Rua Cláudio Sanders',
          number: String(100 + i),
          neighborhood: 'Centro',
          city: 'Ananindeua',
          uf: 'PA',
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      guardianId = Number(guardian.id);
      mothers.set(mother, guardianId);
    }
    const age = ageOf(student.birth_date == null ? null : String(student.birth_date), today);
    await trx
      .insertInto('student_guardians')
      .values({
        student_id: student.id,
        guardian_id: guardianId,
        kinship: 'mae',
        financial_responsible: age !== null && age < 18 ? 1 : 0,
        pedagogical_responsible: 1,
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
}
