import { foldText } from '../../resources/text';

/**
 * The same child in the same campaign, however the family typed it: the name folded (no case, accents or extra
 * spaces), the birth date (AAAA-MM-DD) and the guardian's CPF digits. Unique per campaign (migration 0061).
 */
export function admissionKey(studentName: string, birthDate: string, guardianCpf: string): string {
  const name = foldText(studentName).replace(/\s+/g, ' ').trim();
  return `${name}|${birthDate}|${guardianCpf.replace(/\D/g, '')}`.slice(0, 200);
}
