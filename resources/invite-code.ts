import { CODE_ALPHABET } from './document-codes';

/**
 * The one-time code of a printed invitation to the family portal (issue 35), as the server makes it and as the
 * family types it at /portal/ativar: 8 symbols of Crockford's base 32 (no I, L, O or U: nothing reads as a digit on
 * paper), printed in two groups of four ("7K2M-9P4Q"). 40 bits, and only a few guesses per code are allowed.
 */
export const INVITE_CODE_LENGTH = 8;

/** Crockford's reading of the letters people type for digits. */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/** The code as typed, read: any case, spaces and dashes ignored, O read as 0, I and L as 1. */
export function normalizeInviteCode(typed: string): string {
  return typed
    .toUpperCase()
    .replace(/[\s\-‐-―._]+/g, '')
    .replace(/[OIL]/g, (c) => READ_AS[c]);
}

/** Whether a read code has the form of one (8 symbols of the alphabet). */
export function isInviteCode(code: string): boolean {
  return new RegExp(`^[${CODE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`).test(code);
}

/** As printed and shown while typed: "7K2M-9P4Q" (a partial code grouped as far as it goes). */
export function formatInviteCode(code: string): string {
  const read = normalizeInviteCode(code).slice(0, INVITE_CODE_LENGTH);
  return read.length > 4 ? `${read.slice(0, 4)}-${read.slice(4)}` : read;
}
