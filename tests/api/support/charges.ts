import { expect } from 'vitest';
import { cpfCheckDigits } from '../../../resources/text';
import type { PerTest } from './per-test';

let students = 0;

/**
 * A charge due 2030-12-10 of a new adult student whose record has everything a boleto needs (e-mail, CPF, full
 * address), named `${name} ${n}`; `cpfFrom` keeps each test file's CPFs apart. Answers the charge's id and the CPF.
 */
export async function chargeOfAdult(
  call: PerTest['call'],
  value: string,
  { name, cpfFrom }: { name: string; cpfFrom: number },
): Promise<{ id: number; cpf: string }> {
  const n = ++students;
  const base = String(cpfFrom + n * 7919).slice(0, 9);
  const cpf = base + cpfCheckDigits(base);
  const student = await call('POST', '/api/students', {
    name: `${name} ${n}`,
    email: `aluno.${cpfFrom}.${n}@familia.com.br`,
    cpf,
    cep: '66000000',
    street: 'Av. Presidente Vargas',
    number: '100',
    neighborhood: 'Campina',
    city: 'Belém',
    uf: 'PA',
  });
  expect(student.status, JSON.stringify(student.body)).toBe(201);
  const registration = await call('POST', '/api/registrations', { student_id: student.body.data.id, team_id: 1 });
  const charge = await call('POST', '/api/financials', {
    registration_id: registration.body.data.id,
    value,
    due_date: '2030-12-10',
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  return { id: Number(charge.body.data.id), cpf };
}
