export const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN';
const PLAIN_OF = new Map([...ACCENTED].map((ch, i) => [ch, PLAIN[i]]));
const ASCII = /^[\u0020-\u007e]*$/;

/**
 * Lower case without diacritics: "João" → "joao". Shared by the server's search (SQLite calls it once
 * per row, so the common Portuguese letters take a table lookup instead of Unicode normalisation).
 */
export function foldText(value: string): string {
  if (ASCII.test(value)) return value.toLowerCase();
  let out = '';
  let rare = false;
  for (const ch of value) {
    const plain = PLAIN_OF.get(ch);
    if (plain !== undefined) out += plain;
    else {
      if (ch.charCodeAt(0) > 0x7f) rare = true;
      out += ch;
    }
  }
  return (rare ? out.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : out).toLowerCase();
}

/** Keeps only the digits of a masked value: "(91)98888-7777" → "91988887777". */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * The mask of every phone field of the configs. A phone has two lengths (a landline's ten digits, a mobile's eleven),
 * which one mask cannot say: `applyMask` writes this one with {@link formatPhone}, so lists, forms, PDFs and sheets
 * show a phone one way.
 */
export const PHONE_MASK = '(##) #####-####';

/** Applies a `#`-mask to digits: applyMask("52998224725", "###.###.###-##") → "529.982.247-25". */
export function applyMask(value: string, mask: string): string {
  return mask === PHONE_MASK ? formatPhone(value) : maskDigits(onlyDigits(value), mask);
}

function maskDigits(digits: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '#') out += digits[i++];
    else out += ch;
  }
  return out;
}

/**
 * A Brazilian phone, the one way the school writes it everywhere (screens, PDFs, spreadsheets, the contract):
 * "(91) 3222-0000", or with eleven digits "(91) 98888-7777"; a toll-free number "0800 123 4567". Digits being typed
 * are written as far as they go (at most eleven). Text with anything else than digits and the mask's own characters
 * (a "+55", an extension, a word the school typed in its settings) is kept as it was written.
 */
export function formatPhone(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (/[^\d\s().-]/.test(text)) return text;
  const digits = onlyDigits(text).slice(0, 11);
  if (/^0[3589]00/.test(digits)) return maskDigits(digits, '#### ### ####');
  return maskDigits(digits, digits.length > 10 ? '(##) #####-####' : '(##) ####-####');
}

/** An e-mail as forms and the server accept it: something@domain.tld (".br", ".com", ".online"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** The two check digits of a CPF, from its first nine digits ("529982247" → "25"). */
export function cpfCheckDigits(base: string): string {
  const digits = onlyDigits(base).slice(0, 9).split('').map(Number);
  for (const length of [9, 10]) {
    const rest = 11 - (digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0) % 11);
    digits.push(rest >= 10 ? 0 : rest);
  }
  return digits.slice(9).join('');
}

/** A CPF is valid when both check digits hold and its digits are not all equal (529.982.247-25 is). */
export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  return cpfCheckDigits(cpf) === cpf.slice(9);
}

/**
 * The two check digits of a CNPJ from its first twelve characters, numeric or alphanumeric (IN RFB 2.229/2024: from
 * July 2026 the first twelve may be letters): each character counts as its ASCII code minus 48 ('0' is 0, 'A' is 17),
 * weights 5…2, 9…2 and then 6…2, 9…2, modulo 11. "12ABC34501DE" → "35".
 */
export function cnpjCheckDigits(base: string): string {
  const values = base
    .toUpperCase()
    .slice(0, 12)
    .split('')
    .map((ch) => ch.charCodeAt(0) - 48);
  for (const length of [12, 13]) {
    const sum = values.slice(0, length).reduce((acc, v, i) => acc + v * (((length - 1 - i) % 8) + 2), 0);
    const rest = sum % 11;
    values.push(rest < 2 ? 0 : 11 - rest);
  }
  return values.slice(12).join('');
}

/** A CNPJ without its mask, in capitals: "12.ABC.345/01DE-35" → "12ABC34501DE35". */
export function plainCnpj(value: string): string {
  return value.replace(/[^\dA-Za-z]/g, '').toUpperCase();
}

/** Twelve digits or capital letters and two check digits that hold, not all characters equal. */
export function isValidCnpj(value: string): boolean {
  const cnpj = plainCnpj(value);
  if (!/^[\dA-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj) === cnpj.slice(12);
}

/**
 * The two check digits of a civil registry certificate's matrícula (the new model, since 2010: 30 digits and two
 * check digits; CNJ Provimento 3/2009): modulo 11 of the digits weighted 2, 3…10, 0, 1, 2… (the first) and 1, 2…10, 0,
 * 1… over the thirty digits and the first check digit (the second); a remainder of 10 gives 1.
 */
export function birthCertificateCheckDigits(base: string): string {
  const digits = onlyDigits(base).slice(0, 30).split('').map(Number);
  for (const start of [2, 1]) {
    const rest = digits.reduce((acc, d, i) => acc + d * ((i + start) % 11), 0) % 11;
    digits.push(rest === 10 ? 1 : rest);
  }
  return digits.slice(30).join('');
}

/** 32 digits whose last two are the check digits of the first thirty. */
export function isValidBirthCertificate(value: string): boolean {
  const number = value.replace(/[\s.-]/g, '');
  return /^\d{32}$/.test(number) && birthCertificateCheckDigits(number) === number.slice(30);
}

/** The check digit of a NIS/PIS/PASEP from its first ten digits: weights 3, 2, 9…2, modulo 11 (10 and 11 give 0). */
export function nisCheckDigit(base: string): string {
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = onlyDigits(base)
    .slice(0, 10)
    .split('')
    .reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  const digit = 11 - (sum % 11);
  return String(digit >= 10 ? 0 : digit);
}

/** Eleven digits, not all equal, whose last is the check digit. */
export function isValidNis(value: string): boolean {
  const nis = onlyDigits(value);
  if (nis.length !== 11 || /^(\d)\1{10}$/.test(nis)) return false;
  return nisCheckDigit(nis) === nis[10];
}
