/**
 * The codes printed on issued documents, as server and public pages read them. The random part is
 * Crockford's base 32 (no I, L, O or U), chosen so that no letter reads as a digit on paper; reading a code
 * back follows the same rules: any case, O read as 0, I and L read as 1, spaces and dashes ignored.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The prefixes of the kinds of issued document, as the school prints them (DECL_: the portal's declarations). */
export const CODE_PREFIXES = ['HIST_', 'CERT_', 'CONT_', 'DECL_'] as const;

/** Crockford's reading of the letters people type for digits. */
const READ_AS: Record<string, string> = { O: '0', I: '1', L: '1' };

/**
 * The one written form of a code as typed, scanned or uploaded: `cert_7k2m-9p4q 8r3t` → `CERT_7K2M9P4Q8R3T`.
 * The prefix is told apart before the letters are read as digits (`CONT_` has an O of its own); its
 * underscore may be typed as a dash or a space, or left out. Anything outside the alphabet (a U, a slash)
 * is kept as it is, so such a code simply finds nothing.
 */
export function normalizeDocumentCode(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s_\-‐-―.]+/g, '');
  const read = (text: string) => text.replace(/[OIL]/g, (c) => READ_AS[c]);
  for (const prefix of CODE_PREFIXES) {
    const letters = prefix.slice(0, 4);
    if (compact.length > 4 && read(compact.slice(0, 4)) === read(letters)) return `${prefix}${read(compact.slice(4))}`;
  }
  return read(compact);
}

/** Whether a normalised code is made of the alphabet: an optional prefix, then at least `min` symbols. */
export function isAlphabetCode(code: string, min: number, max = 60): boolean {
  return new RegExp(`^(${CODE_PREFIXES.join('|')})?[${CODE_ALPHABET}]{${min},${max}}$`).test(code);
}
