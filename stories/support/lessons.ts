import type { RollEntry } from '../../src/lessons/types';

/** A 7º ano class of a public school in Belém: the roll call and lesson stories' students. */
const NAMES = [
  'Ana Beatriz Conceição',
  'Bruno Araújo Ferreira',
  'Carla Dias dos Santos',
  'Davi Lima Oliveira',
  'Eduarda Gonçalves Pinto',
  'Felipe Nascimento Costa',
  'Gabriela Rocha Pereira',
  'Heitor Souza Almeida',
  'Isabela Cristina Moraes',
  'João Pedro Cardoso',
];

export const CLASS_ROLL: RollEntry[] = NAMES.map((name, i) => ({
  registration_id: 1201 + i,
  number: String(1201 + i).padStart(6, '0'),
  student: { id: 300 + i, name, has_photo: false },
  absences: 0,
  justified: false,
  reason: null,
}));

/** The same roll with some absences marked, in a lesson of `periods`. */
export function rollWithAbsences(periods: number): RollEntry[] {
  return CLASS_ROLL.map((e) => {
    if (e.student.name.startsWith('Bruno')) return { ...e, absences: periods };
    if (e.student.name.startsWith('Eduarda'))
      return { ...e, absences: periods, justified: true, reason: 'Atestado médico (consulta)' };
    if (e.student.name.startsWith('Heitor')) return { ...e, absences: 1 };
    return e;
  });
}
