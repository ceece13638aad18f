/**
 * The census file's text rules (INEP's "Leiaute de importação", regras gerais): upper case, no accents, no lower
 * case letters, and per kind of field only the characters the layout accepts. Pure functions: the writer, the
 * checker and the return file's matching all fold names the same way.
 */

/** Accents and cedilla dropped, upper case: "João Conceição" → "JOAO CONCEICAO". */
export function unaccentUpper(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A person's name, mother's name, a team's name for matching: only letters A–Z and single spaces (the layout
 * refuses digits, punctuation and apostrophes in names: "D'Ávila" → "DAVILA").
 */
export function censusName(text: string | null | undefined): string {
  return squeeze(unaccentUpper(text ?? '').replace(/[^A-Z ]/g, ''));
}

/**
 * Any other text field (the school's name and address, a team's name): letters, digits, spaces and the few signs the
 * layout accepts (ª º -); everything else, the pipe above all (it separates fields), is dropped.
 */
export function censusText(text: string | null | undefined): string {
  return squeeze(unaccentUpper(text ?? '').replace(/[^A-Z0-9 ªº-]/g, ''));
}

/** An e-mail as the layout takes it: upper case, only the characters an address has. */
export function censusEmail(text: string | null | undefined): string {
  return (text ?? '')
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9@._-]/g, '');
}

/** Only the digits (CPF, CEP, CNPJ's numeric form, phones, INEP codes). */
export const digitsOf = (text: string | null | undefined): string => (text ?? '').replace(/\D/g, '');

/** `AAAA-MM-DD` → `DD/MM/AAAA`, the layout's dates; anything else empty. */
export function censusDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * The census' reference date (Dia Nacional do Censo Escolar, Portaria MEC 264/2007): the last Wednesday of May of
 * the census year, as `AAAA-MM-DD`. 2026 → 2026-05-27.
 */
export function referenceDate(year: number): string {
  const last = new Date(Date.UTC(year, 4, 31));
  const back = (last.getUTCDay() - 3 + 7) % 7;
  return `${year}-05-${String(31 - back).padStart(2, '0')}`;
}
