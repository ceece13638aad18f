import type { GuardianLink } from '../../src/students/GuardiansTab';

/**
 * Lucas Oliveira Santos, 12 years old, as `GET /students/{id}/guardians` answers: his mother pays (the financial
 * responsible first), his father follows the school life, and his grandmother also picks up his sister Beatriz.
 */
export const LUCAS_GUARDIANS: GuardianLink[] = [
  {
    guardian_id: 31,
    name: 'Ana Paula Oliveira Santos',
    cpf: '52998224725',
    email: 'ana.oliveira@gmail.com',
    phone: '91988887777',
    kinship: 'mae',
    financial_responsible: true,
    pedagogical_responsible: false,
  },
  {
    guardian_id: 57,
    name: 'Maria das Graças Oliveira',
    cpf: '70355190257',
    email: null,
    phone: '9132220000',
    kinship: 'avo',
    financial_responsible: false,
    pedagogical_responsible: false,
  },
  {
    guardian_id: 32,
    name: 'Ricardo Santos Ferreira',
    cpf: '41823765955',
    email: 'ricardo.ferreira@hotmail.com',
    phone: '91991234567',
    kinship: 'pai',
    financial_responsible: false,
    pedagogical_responsible: true,
  },
];

/** Beatriz, Lucas's sister: the same grandmother (guardian 57, one record), here the one who follows her at school. */
export const BEATRIZ_GUARDIANS: GuardianLink[] = [
  { ...LUCAS_GUARDIANS[0], pedagogical_responsible: false },
  { ...LUCAS_GUARDIANS[1], pedagogical_responsible: true },
];
