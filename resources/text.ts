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
