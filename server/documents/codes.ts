import { randomInt } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so no letter reads as a digit on paper; 5 bits a symbol. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 16;

export type DocumentPrefix = 'HIST_' | 'CERT_' | 'CONT_';

/** `CERT_` + 16 symbols from a cryptographic source: 80 bits, so guessing a valid code is hopeless. */
export function newDocumentCode(prefix: DocumentPrefix): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${code}`;
}

/** Whether a code has the shape the server makes (an uploaded document may bring its own). */
export function isStrongCode(code: string): boolean {
  return new RegExp(`^(HIST|CERT|CONT)_[${ALPHABET}]{${LENGTH},40}$`).test(code);
}
