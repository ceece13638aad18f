import { kinshipName } from '../../resources/guardians';
import type { Q } from './queries';

/**
 * Who pays a student's charges, as every financial document names them: the guardian marked financial
 * responsible, or the student themselves when nobody is (an adult paying for themselves).
 */
export type PayerRecord = {
  /** Whether the student pays for themselves (no guardian is marked financial responsible). */
  self: boolean;
  /** The guardian's id; null when the student pays. */
  guardian_id: number | null;
  name: string;
  cpf: string | null;
  /** RG with the issuing body when known ("7654321 SSP/PA"). */
  rg: string | null;
  email: string | null;
  phone: string | null;
  cep: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  uf: string | null;
  /** The guardian's kinship to the student in words ("Mãe"); "o(a) próprio(a) aluno(a)" when the student pays. */
  kinship: string;
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : v == null || v === '' ? null : String(v));

export const SELF_KINSHIP = 'o(a) próprio(a) aluno(a)';

/** The payer of a student's charges; undefined when there is no such student. */
export async function payerOf(k: Q, studentId: number): Promise<PayerRecord | undefined> {
  const guardian = await k
    .selectFrom('student_guardians as sg')
    .innerJoin('guardians as g', 'g.id', 'sg.guardian_id')
    .select([
      'g.id',
      'g.name',
      'g.cpf',
      'g.rg',
      'g.email',
      'g.phone',
      'g.cep',
      'g.street',
      'g.number',
      'g.complement',
      'g.neighborhood',
      'g.city',
      'g.uf',
      'sg.kinship',
    ])
    .where('sg.student_id', '=', studentId)
    .where('sg.financial_responsible', '=', 1)
    .orderBy('g.id')
    .executeTakeFirst();
  if (guardian)
    return {
      self: false,
      guardian_id: Number(guardian.id),
      name: String(guardian.name),
      cpf: text(guardian.cpf),
      rg: text(guardian.rg),
      email: text(guardian.email),
      phone: text(guardian.phone),
      cep: text(guardian.cep),
      street: text(guardian.street),
      number: text(guardian.number),
      complement: text(guardian.complement),
      neighborhood: text(guardian.neighborhood),
      city: text(guardian.city),
      uf: text(guardian.uf),
      kinship: kinshipName(String(guardian.kinship)),
    };
  const student = await k
    .selectFrom('students')
    .select(['name', 'cpf', 'rg', 'expedient_body', 'email', 'phone', 'cep', 'street', 'number'])
    .select(['neighborhood', 'city', 'uf'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  if (!student) return undefined;
  return {
    self: true,
    guardian_id: null,
    name: String(student.name),
    cpf: text(student.cpf),
    rg: text([student.rg, student.expedient_body].filter((v) => text(v)).join(' ')),
    email: text(student.email),
    phone: text(student.phone),
    cep: text(student.cep),
    street: text(student.street),
    number: text(student.number),
    complement: null,
    neighborhood: text(student.neighborhood),
    city: text(student.city),
    uf: text(student.uf),
    kinship: SELF_KINSHIP,
  };
}
