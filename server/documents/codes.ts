import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, normalizeDocumentCode } from '../../resources/document-codes';

const LENGTH = 16;

export type DocumentPrefix = 'HIST_' | 'CERT_' | 'CONT_' | 'DECL_';

/** `CERT_` + 16 symbols from a cryptographic source: 80 bits, so guessing a valid code is hopeless. */
export function newDocumentCode(prefix: DocumentPrefix): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${prefix}${code}`;
}

/**
 * The codes a typed or scanned code may be stored under, for every lookup: its normalised form (how every
 * code is stored since codes are normalised) and, for a row stored before, the code exactly as typed.
 * Empty when nothing could match (blank, or longer than any code).
 */
export function lookupCodes(typed: string): string[] {
  const exact = typed.trim();
  if (!exact || exact.length > 80) return [];
  const normal = normalizeDocumentCode(exact);
  return normal && normal !== exact ? [normal, exact] : [exact];
}
