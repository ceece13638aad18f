import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, codeRefusal, normalizeDocumentCode } from '../../resources/document-codes';

const LENGTH = 16;

export type DocumentPrefix = 'HIST_' | 'CERT_' | 'CONT_' | 'DECL_' | 'ATES_' | 'NFSE_';

/**
 * `CERT_` + 16 symbols from a cryptographic source: 80 bits, so guessing a valid code is hopeless. The rare
 * draw that would look guessable on paper (five zeros in a row) is drawn again, so that every code the
 * school issues passes the rule the codes of other systems are held to.
 */
export function newDocumentCode(prefix: DocumentPrefix): string {
  for (;;) {
    let code = prefix;
    for (let i = 0; i < LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (!codeRefusal(code)) return code;
  }
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
